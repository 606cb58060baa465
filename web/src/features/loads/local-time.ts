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

// The facility picker's zones moved to lib (the tenders feature's facility form offers them too).
export { TIME_ZONES, zoneOfState } from '@/lib/time-zones'
