/**
 * Instants shown on a stop's own clock (its facility's IANA zone), with the
 * zone's abbreviation, whatever the viewer's phone or desk says.
 */

/** "Mar 2, 08:10 CST". */
export function onClock(instant: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(instant))
}

/** "Mon, Mar 2, 08:10 CST": a stop's appointment. */
export function dayOnClock(instant: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(instant))
}

/** "14:00 CST", or the day too when it is another day than `from`'s. */
export function untilOnClock(from: string, to: string, zone: string): string {
  const day = (instant: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(
      new Date(instant),
    )
  if (day(from) !== day(to)) return dayOnClock(to, zone)
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(to))
}
