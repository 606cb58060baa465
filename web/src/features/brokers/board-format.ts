import { format as formatDate, isValid, parseISO } from 'date-fns'
import { elapsed } from '@/lib/elapsed'
import { formatCents } from '@/lib/money'
import { format, texts } from '@/lib/texts'
import type { BoardCarrier, SearchCriteria } from './api/types'
import { radiusOf } from './criteria'
import { equipmentLabel } from './equipment'
import { labels, shortUnits } from './labels'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "3h": how long ago `timestamp` was in its largest whole unit (at least a minute); null for a bad timestamp. */
function shortAge(timestamp: string, now: Date): string | null {
  const then = parseISO(timestamp)
  if (!isValid(then)) return null
  const ms = Math.max(0, now.getTime() - then.getTime())
  if (ms < HOUR) return `${Math.max(1, Math.floor(ms / MINUTE))}${shortUnits.minute}`
  if (ms < DAY) return `${Math.floor(ms / HOUR)}${shortUnits.hour}`
  return `${Math.floor(ms / DAY)}${shortUnits.day}`
}

/** "posted 3h ago" ("posted just now" within the first minute). */
export function postedAgo(timestamp: string, now = new Date()): string {
  const then = parseISO(timestamp)
  if (isValid(then) && now.getTime() - then.getTime() < MINUTE) return labels.postedJustNow
  return format(labels.postedAgo, { age: shortAge(timestamp, now) ?? timestamp })
}

/** The ELD badge's text ('… updated 2 hours ago'), or null when the carrier's ELD has not placed the truck. */
export function eldBadgeText(updatedAt: string | null, now = new Date()): string | null {
  const age = elapsed(updatedAt, now)
  return age ? format(texts.board.badges.eld, { age }) : null
}

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const whole = new Intl.NumberFormat('en-US')

/** "12.5 mi deadhead". */
export const deadheadText = (deadhead: number | null) =>
  deadhead === null ? labels.deadheadUnknown : format(texts.board.search.deadhead, { miles: miles.format(deadhead) })

/** "$2.50/mi", or null when the carrier gave no rate. */
export function rateText(cents: number | null): string | null {
  if (cents === null) return null
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
  return format(labels.perMile, { rate: cents % 100 === 0 ? formatCents(cents) : dollars })
}

/** "53 ft · 45,000 lbs", either part alone, or null. */
export function sizeText(lengthFt: number | null, weightLbs: number | null): string | null {
  const parts = [
    lengthFt === null ? null : format(labels.lengthFt, { n: whole.format(lengthFt) }),
    weightLbs === null ? null : format(labels.weightLbs, { n: whole.format(weightLbs) }),
  ].filter((part) => part !== null)
  return parts.length > 0 ? parts.join(' · ') : null
}

const day = (value: string) => {
  const date = parseISO(value)
  return isValid(date) ? formatDate(date, 'MMM d') : value
}

/** "Nov 24 – Nov 30", or one day. */
export const availabilityText = (from: string, to: string) => (from === to ? day(from) : `${day(from)} – ${day(to)}`)

/** "TX, OK", or "Open" for any destination. */
export const destinationsText = (destinations: readonly string[]) =>
  destinations.length > 0 ? destinations.join(', ') : texts.board.destinationsOpen

/** A saved search in one line: "Chicago, IL · 250 mi radius · Dry Van, Reefer · to TX, OK · …". */
export function criteriaSummary(criteria: SearchCriteria): string {
  const parts = [
    criteria.origin,
    format(labels.radius, { miles: radiusOf(criteria) }),
    criteria.equipment.length > 0 ? criteria.equipment.map(equipmentLabel).join(', ') : labels.anyEquipment,
    format(labels.destinationsFor, { states: destinationsText(criteria.destinations) }),
  ]
  const { available_from: from, available_to: to } = criteria
  if (from && to) parts.push(availabilityText(from, to))
  else if (from) parts.push(format(labels.availableFrom, { date: day(from) }))
  else if (to) parts.push(format(labels.availableUntil, { date: day(to) }))
  if (criteria.max_age_hours !== null) parts.push(format(labels.postedWithin, { hours: criteria.max_age_hours }))
  if (criteria.include_not_allowed) parts.push(texts.board.search.includeNotAllowed)
  return parts.join(' · ')
}

/** "DOT 1234567 · MC 765432". */
export const carrierNumbers = (carrier: Pick<BoardCarrier, 'dot_number' | 'mc_number'>) =>
  [format(labels.dot, { dot: carrier.dot_number }), carrier.mc_number ? format(labels.mc, { mc: carrier.mc_number }) : null]
    .filter(Boolean)
    .join(' · ')

/** `tel:` of a phone number as written ("(615) 555-0100" → tel:6155550100). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
