import { texts } from '@/lib/texts'

const a = texts.fleet.assets

export const fleetPaths = {
  trucks: '/fleet-dashboard/trucks',
  truck: (id: string) => `/fleet-dashboard/trucks/${encodeURIComponent(id)}`,
  trailers: '/fleet-dashboard/trailers',
  trailer: (id: string) => `/fleet-dashboard/trailers/${encodeURIComponent(id)}`,
  drivers: '/fleet-dashboard/drivers',
  driver: (id: string) => `/fleet-dashboard/drivers/${encodeURIComponent(id)}`,
}

/** A stored value, or '-' when empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? a.empty : String(value)
}

/** 'NUMBER (ST)', whichever part exists, or '-'. */
export function licenseText(number: string | null, state: string | null): string {
  if (number && state) return `${number} (${state})`
  return orDash(number || state)
}

/** 'Make Model', or '-'. */
export function makeModel(vehicle: { make: string | null; model: string | null }): string {
  return orDash([vehicle.make, vehicle.model].filter(Boolean).join(' '))
}

/** 'Year Make Model' of the truck detail header; empty when nothing is known. */
export function yearMakeModel(vehicle: { year: number | null; make: string | null; model: string | null }): string {
  return [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== '').join(' ')
}

const minorWords = new Set(['of', 'and', 'in', 'on', 'for', 'to', 'the', 'a', 'at', 'by'])

/**
 * Spec §4: the stored trailer status capitalised, read as words: a provider's
 * 'out_of_service' shows 'Out of Service', 'active' shows 'Active'.
 */
export function trailerStatusLabel(status: string | null): string {
  const words = (status ?? '').split(/[\s_-]+/).filter(Boolean)
  if (words.length === 0) return a.empty
  return words
    .map((word, i) => {
      const lower = word.toLowerCase()
      return i > 0 && minorWords.has(lower) ? lower : lower.charAt(0).toUpperCase() + lower.slice(1)
    })
    .join(' ')
}
