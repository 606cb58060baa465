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

/** Spec §4: the stored trailer status with the first letter capitalised. */
export function trailerStatusLabel(status: string | null): string {
  if (!status) return a.empty
  return status.charAt(0).toUpperCase() + status.slice(1)
}
