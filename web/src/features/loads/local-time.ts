/**
 * A stop's times are on its facility's clock: the server takes and gives
 * "YYYY-MM-DDTHH:MM:SS" without an offset, in the facility's IANA zone.
 */

/** A `datetime-local` input's value ("2026-03-02T08:00") as the server's local time. */
export function toServerLocal(value: string): string | null {
  const trimmed = value.trim()
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed)) return null
  return trimmed.length === 16 ? `${trimmed}:00` : trimmed
}

/** The server's local time as a `datetime-local` input's value (minutes). */
export function toInputLocal(value: string | null | undefined): string {
  return value ? value.slice(0, 16) : ''
}

/** What a clock in `zone` reads at `instant`, as a `datetime-local` value. */
export function clockIn(zone: string, instant: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}

export { onClock } from '@/lib/zoned-time'

/** An instant as a short date in the viewer's zone (the list's pickup and delivery days). */
export function shortDay(instant: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date(instant))
}

/** The zones a facility's picker offers (the US's, mainland first). */
export const TIME_ZONES = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const

const CENTRAL = ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI']
const MOUNTAIN = ['CO', 'MT', 'NM', 'UT', 'WY']
const PACIFIC = ['CA', 'NV', 'OR', 'WA']

/**
 * The zone most of a state keeps, as the picker's default: the user changes
 * it for a facility on the other side of a state's zone line.
 */
export function zoneOfState(state: string): string {
  const code = state.trim().toUpperCase()
  if (CENTRAL.includes(code)) return 'America/Chicago'
  if (MOUNTAIN.includes(code)) return 'America/Denver'
  if (PACIFIC.includes(code)) return 'America/Los_Angeles'
  if (code === 'AZ') return 'America/Phoenix'
  if (code === 'ID') return 'America/Boise'
  if (code === 'IN') return 'America/Indiana/Indianapolis'
  if (code === 'KY') return 'America/Kentucky/Louisville'
  if (code === 'MI') return 'America/Detroit'
  if (code === 'AK') return 'America/Anchorage'
  if (code === 'HI') return 'Pacific/Honolulu'
  return 'America/New_York'
}
