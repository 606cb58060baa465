// How the fleet screens show stored values; the vehicle and driver screens
// show each other's rows (a driver's truck, a truck's driver).
import type { components } from './api-types'
import { texts } from './texts'

const a = texts.fleet.assets

type Text = string | null | undefined

/** A stored value, or '-' when empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? a.empty : String(value)
}

/** 'NUMBER (ST)', whichever part exists, or '-'. */
export function licenseText(number: Text, state: Text): string {
  if (number && state) return `${number} (${state})`
  return orDash(number || state)
}

/** 'Make Model', or '-'. */
export function makeModel(vehicle: Pick<components['schemas']['TruckItem'], 'make' | 'model'>): string {
  return orDash([vehicle.make, vehicle.model].filter(Boolean).join(' '))
}

const minorWords = new Set(['of', 'and', 'in', 'on', 'for', 'to', 'the', 'a', 'at', 'by'])

/**
 * Spec §4: the stored trailer status capitalised, read as words: a provider's
 * 'out_of_service' shows 'Out of Service', 'active' shows 'Active'.
 */
export function trailerStatusLabel(status: Text): string {
  const words = (status ?? '').split(/[\s_-]+/).filter(Boolean)
  if (words.length === 0) return a.empty
  return words
    .map((word, i) => {
      const lower = word.toLowerCase()
      return i > 0 && minorWords.has(lower) ? lower : lower.charAt(0).toUpperCase() + lower.slice(1)
    })
    .join(' ')
}
