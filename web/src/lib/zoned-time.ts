/**
 * Instants shown on a stop's own clock (its facility's IANA zone), with the
 * zone's abbreviation, whatever the viewer's phone or desk says.
 */

const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } as const
const styles = {
  /** "Mar 2, 08:10 CST". */
  onClock: { month: 'short', day: 'numeric', ...clock },
  /** "Mon, Mar 2, 08:10 CST". */
  dayOnClock: { weekday: 'short', month: 'short', day: 'numeric', ...clock },
  /** "14:00 CST". */
  timeOnClock: clock,
  /** "3/2/2026": only compared, never shown. */
  day: { year: 'numeric', month: 'numeric', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

// Making a formatter costs far more than using one (a list of loads would make
// three per row on a phone): one per style and zone, for the life of the page.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(style: keyof typeof styles, zone: string): Intl.DateTimeFormat {
  const key = `${style} ${zone}`
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...styles[style] })
    formatters.set(key, made)
  }
  return made
}

/** "Mar 2, 08:10 CST". */
export function onClock(instant: string, zone: string): string {
  return formatter('onClock', zone).format(new Date(instant))
}

/** "Mon, Mar 2, 08:10 CST": a stop's appointment. */
export function dayOnClock(instant: string, zone: string): string {
  return formatter('dayOnClock', zone).format(new Date(instant))
}

/** "14:00 CST", or the day too when it is another day than `from`'s. */
export function untilOnClock(from: string, to: string, zone: string): string {
  const day = formatter('day', zone)
  if (day.format(new Date(from)) !== day.format(new Date(to))) return dayOnClock(to, zone)
  return formatter('timeOnClock', zone).format(new Date(to))
}
