import { isValid, parse } from 'date-fns'
import { isDocumentType } from './document-types'
import type { DocumentType } from './api/types'

/** The tabs of the Documents screen, as the API names them. */
export const DOCUMENT_TABS = ['all', 'expiring_soon', 'expired'] as const
export type DocumentsTab = (typeof DOCUMENT_TABS)[number]

/** Rows per page of the documents lists. */
export const DOCUMENTS_PAGE_SIZE = 50

/**
 * Everything that decides which documents the Documents screen shows. It
 * lives in the URL (`?tab=&q=&type=&from=&to=&vehicle=&page=`), so a filtered
 * view can be shared and survives a reload.
 */
export interface DocumentFilters {
  tab: DocumentsTab
  /** Search text, trimmed; '' for none. */
  q: string
  type: DocumentType | null
  /** Upload date range, 'YYYY-MM-DD' (local calendar days). */
  from: string | null
  to: string | null
  /** A truck's or a trailer's id. */
  vehicle: string | null
  /** 1-based. */
  page: number
}

export const NO_FILTERS: DocumentFilters = {
  tab: 'all',
  q: '',
  type: null,
  from: null,
  to: null,
  vehicle: null,
  page: 1,
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/
/** The server's bound on `q`. */
const MAX_SEARCH = 100

/** 'YYYY-MM-DD' when `value` is a real calendar day, else null. */
export function parseDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null
  return isValid(parse(value, 'yyyy-MM-dd', new Date())) ? value : null
}

/**
 * The filters a URL's query string asks for. A value the server would refuse
 * (an unknown tab or type, a malformed date or id, page 0) is dropped, so a
 * hand-edited link still shows a list instead of an error.
 */
export function filtersFromSearch(search: URLSearchParams): DocumentFilters {
  const tab = search.get('tab') ?? ''
  const type = search.get('type') ?? ''
  const vehicle = search.get('vehicle') ?? ''
  let from = parseDay(search.get('from'))
  let to = parseDay(search.get('to'))
  // 'YYYY-MM-DD' strings order like the days they name.
  if (from && to && from > to) [from, to] = [to, from]
  const page = Number(search.get('page'))
  return {
    tab: (DOCUMENT_TABS as readonly string[]).includes(tab) ? (tab as DocumentsTab) : 'all',
    q: (search.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    type: isDocumentType(type) ? type : null,
    from,
    to,
    vehicle: UUID.test(vehicle) ? vehicle.toLowerCase() : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/**
 * The query string of `filters`, leaving out what is at its default (a plain
 * /fleet-dashboard/documents for no filters). Parameters other than the
 * filters' in `keep` are kept.
 */
export function searchFromFilters(filters: DocumentFilters, keep?: URLSearchParams): URLSearchParams {
  const search = new URLSearchParams(keep)
  const set = (key: string, value: string | null | undefined) => {
    if (value) search.set(key, value)
    else search.delete(key)
  }
  set('tab', filters.tab === 'all' ? null : filters.tab)
  set('q', filters.q.trim())
  set('type', filters.type)
  set('from', filters.from)
  set('to', filters.to)
  set('vehicle', filters.vehicle)
  set('page', filters.page > 1 ? String(filters.page) : null)
  return search
}

/**
 * `filters` with `change` applied. Any change but the page's starts again at
 * page 1: page 3 of the old result says nothing about the new one.
 */
export function changeFilters(filters: DocumentFilters, change: Partial<DocumentFilters>): DocumentFilters {
  const next = { ...filters, ...change }
  if (change.page === undefined) next.page = 1
  return next
}

/** Whether a search, type, vehicle or date range narrows the list (Clear Filters is enabled; the Filters button shows a dot). */
export function hasActiveFilters(filters: DocumentFilters): boolean {
  return Boolean(filters.q || filters.type || filters.vehicle || filters.from || filters.to)
}

/** The same tab with every filter cleared. */
export function clearFilters(filters: DocumentFilters): DocumentFilters {
  return { ...NO_FILTERS, tab: filters.tab }
}

/** What a documents request asks for: the screen's filters, or one asset's documents. */
export interface DocumentsRequest {
  tab?: DocumentsTab
  q?: string
  type?: DocumentType | null
  from?: string | null
  to?: string | null
  vehicleId?: string | null
  driverId?: string | null
  page: number
  perPage?: number
}

export function requestFromFilters(filters: DocumentFilters): DocumentsRequest {
  return {
    tab: filters.tab,
    q: filters.q,
    type: filters.type,
    from: filters.from,
    to: filters.to,
    vehicleId: filters.vehicle,
    page: filters.page,
  }
}

/** The query string of GET /api/fleet/documents; empty parameters are left out. */
export function documentsQuery(request: DocumentsRequest): string {
  const query = new URLSearchParams()
  const set = (key: string, value: string | null | undefined) => {
    if (value) query.set(key, value)
  }
  set('tab', request.tab ?? 'all')
  set('q', request.q?.trim())
  set('type', request.type)
  set('from', request.from)
  set('to', request.to)
  set('vehicle_id', request.vehicleId)
  set('driver_id', request.driverId)
  query.set('page', String(request.page))
  query.set('per_page', String(request.perPage ?? DOCUMENTS_PAGE_SIZE))
  return query.toString()
}
