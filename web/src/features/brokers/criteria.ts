import { isUsStateCode } from '@/lib/us-states'
import type { SearchCriteria, WireCriteria } from './api/types'
import { isEquipment } from './equipment'

/** The radius the server assumes, and its bounds (miles). */
export const DEFAULT_RADIUS = 100
export const MIN_RADIUS = 1
export const MAX_RADIUS = 450

/** "Posted within" choices (max_age_hours); null is any age. */
export const MAX_AGE_CHOICES = [2, 6, 12, 24, 48, 72] as const

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** The board's state: the criteria (null before a search) and the results page. */
export interface BoardQuery {
  criteria: SearchCriteria | null
  page: number
}

export const emptyCriteria = (origin = ''): SearchCriteria => ({
  origin,
  radius_mi: DEFAULT_RADIUS,
  destinations: [],
  equipment: [],
  available_from: null,
  available_to: null,
  max_age_hours: null,
  include_not_allowed: false,
})

/** A saved search's criteria as the API sends them (any may be left out), complete. */
export function criteriaFromWire(wire: WireCriteria): SearchCriteria {
  return {
    origin: wire.origin ?? '',
    radius_mi: wire.radius_mi ?? null,
    destinations: wire.destinations ?? [],
    equipment: wire.equipment ?? [],
    available_from: wire.available_from ?? null,
    available_to: wire.available_to ?? null,
    max_age_hours: wire.max_age_hours ?? null,
    include_not_allowed: wire.include_not_allowed ?? false,
  }
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

const unique = <T,>(items: T[]) => [...new Set(items)]

const wholeNumber = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value.trim())) return null
  return Number(value)
}

export const isRadius = (value: number) => Number.isInteger(value) && value >= MIN_RADIUS && value <= MAX_RADIUS

/** The criteria's radius, the default when they name none (a saved search may store null). */
export const radiusOf = (criteria: Pick<SearchCriteria, 'radius_mi'>) => criteria.radius_mi ?? DEFAULT_RADIUS

/**
 * Reads the board's URL. Without an origin there is no search; values that
 * are not choices (an unknown state, a radius of 900) fall back to "any" or
 * the default rather than failing the search.
 */
export function boardQueryFromSearch(params: URLSearchParams): BoardQuery {
  const page = wholeNumber(params.get('page'))
  const origin = params.get('origin')?.trim() ?? ''
  if (!origin) return { criteria: null, page: 1 }
  const radius = wholeNumber(params.get('radius_mi'))
  const maxAge = wholeNumber(params.get('max_age_hours'))
  const date = (name: string) => {
    const value = params.get(name)
    return value && DATE.test(value) ? value : null
  }
  return {
    criteria: {
      origin,
      radius_mi: radius !== null && isRadius(radius) ? radius : DEFAULT_RADIUS,
      destinations: unique(list(params.get('destinations')).map((state) => state.toUpperCase()).filter(isUsStateCode)),
      equipment: unique(list(params.get('equipment')).filter(isEquipment)),
      available_from: date('available_from'),
      available_to: date('available_to'),
      max_age_hours: MAX_AGE_CHOICES.find((hours) => hours === maxAge) ?? null,
      include_not_allowed: params.get('include_not_allowed') === 'true',
    },
    page: page !== null && page >= 1 ? page : 1,
  }
}

/**
 * The criteria as query parameters, in the API's names (the board's URL is
 * the search's query string). Empty choices and defaults are left out.
 */
export function searchFromCriteria(criteria: SearchCriteria, page = 1): URLSearchParams {
  const params = new URLSearchParams({ origin: criteria.origin.trim() })
  const radius = radiusOf(criteria)
  if (radius !== DEFAULT_RADIUS) params.set('radius_mi', String(radius))
  if (criteria.destinations.length > 0) params.set('destinations', criteria.destinations.join(','))
  if (criteria.equipment.length > 0) params.set('equipment', criteria.equipment.join(','))
  if (criteria.available_from) params.set('available_from', criteria.available_from)
  if (criteria.available_to) params.set('available_to', criteria.available_to)
  if (criteria.max_age_hours !== null) params.set('max_age_hours', String(criteria.max_age_hours))
  if (criteria.include_not_allowed) params.set('include_not_allowed', 'true')
  if (page > 1) params.set('page', String(page))
  return params
}

/** GET /api/broker/board/search's query: the radius and page always, the rest as the URL has it. */
export function criteriaQuery(criteria: SearchCriteria, page: number): string {
  const params = searchFromCriteria(criteria)
  params.set('radius_mi', String(radiusOf(criteria)))
  params.set('page', String(page))
  return params.toString()
}

/** A saved search's 'Run' link and the board's own links: the criteria's query string. */
export const boardSearch = (criteria: SearchCriteria, page = 1) => searchFromCriteria(criteria, page).toString()
