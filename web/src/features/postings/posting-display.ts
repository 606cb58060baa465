import { shortDate } from '@/lib/dates'
import { elapsed } from '@/lib/elapsed'
import { format, texts } from '@/lib/texts'
import type { Posting, PostingStatus } from './api/types'
import { equipmentLabel } from './posting-form'

const b = texts.board
const p = texts.board.postings

/** 'Nov 24, 2026 – Nov 27, 2026'; one date when the window is one day. */
export function windowText(posting: Pick<Posting, 'available_from' | 'available_to'>): string {
  const from = shortDate(posting.available_from) ?? posting.available_from
  const to = shortDate(posting.available_to) ?? posting.available_to
  return from === to ? from : `${from} – ${to}`
}

/** 'TX, OK', or 'Open' for any state. */
export function destinationsText(destinations: string[]): string {
  return destinations.length === 0 ? b.destinationsOpen : destinations.join(', ')
}

const perMile = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** '$2.50/mi' (always cents: a rate per mile), or a dash without a rate. */
export function rateText(cents: number | null): string {
  return cents === null ? p.noRate : format(p.ratePerMile, { rate: perMile.format(cents / 100) })
}

/** 'Dry Van · 53 ft · 45,000 lbs': the equipment with its size when known. */
export function equipmentText(posting: Pick<Posting, 'equipment_type' | 'length_ft' | 'weight_lbs'>): string {
  const parts = [equipmentLabel(posting.equipment_type)]
  if (posting.length_ft !== null) parts.push(format(p.lengthValue, { n: posting.length_ft.toLocaleString('en-US') }))
  if (posting.weight_lbs !== null) parts.push(format(p.weightValue, { n: posting.weight_lbs.toLocaleString('en-US') }))
  return parts.join(' · ')
}

/** Where the origin came from: 'City, state or ZIP', or 'Last ELD position, updated 2 hours ago'. */
export function sourceText(posting: Pick<Posting, 'location_source' | 'location_updated_at'>, now?: Date): string {
  if (posting.location_source === 'typed') return b.locationSource.typed
  const age = elapsed(posting.location_updated_at, now)
  return age ? format(p.eldSource, { source: b.locationSource.eld, age }) : b.locationSource.eld
}

/** '2 hours ago'. */
export function agoText(timestamp: string, now?: Date): string {
  const age = elapsed(timestamp, now)
  return age ? format(p.ago, { age }) : (shortDate(timestamp) ?? timestamp)
}

export const statusTone: Record<PostingStatus, 'success' | 'secondary' | 'warning'> = {
  active: 'success',
  withdrawn: 'secondary',
  expired: 'warning',
}

export function statusLabel(status: string): string {
  return status in b.status ? b.status[status as PostingStatus] : status
}
