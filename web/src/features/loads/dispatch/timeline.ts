import { TZDate, tzName } from '@date-fns/tz'
import { addDays, format, startOfDay } from 'date-fns'

// The week timeline's arithmetic, on the fleet's clock: a day column is a
// calendar day in the fleet's home zone (23 or 25 hours long on the days
// the clocks change), and a load's bar covers the days its span touches.

/** One column: a calendar day of the fleet's zone and the instants it runs between. */
export interface DayColumn {
  /** YYYY-MM-DD. */
  date: string
  /** Epoch milliseconds of its midnight in the zone, and of the next day's. */
  start: number
  end: number
}

function calendarDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number)
  return [y, m - 1, d]
}

/** `days` columns from `from` (YYYY-MM-DD) in `zone`. */
export function dayColumns(from: string, days: number, zone: string): DayColumn[] {
  const first = startOfDay(new TZDate(...calendarDate(from), zone))
  return Array.from({ length: days }, (_, i) => {
    const start = addDays(first, i)
    return {
      date: format(start, 'yyyy-MM-dd'),
      start: start.getTime(),
      end: addDays(first, i + 1).getTime(),
    }
  })
}

/** Today's date (YYYY-MM-DD) on the zone's clock. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), zone), 'yyyy-MM-dd')
}

/** A calendar date `n` days from `date` (both YYYY-MM-DD). */
export function shiftDate(date: string, n: number): string {
  return format(addDays(new TZDate(...calendarDate(date), 'UTC'), n), 'yyyy-MM-dd')
}

/** Where a load's bar lies among the columns: its first column and how many it covers. */
export interface Placement {
  start: number
  span: number
  /** The span goes on before the first column or after the last. */
  continuesBefore: boolean
  continuesAfter: boolean
}

/**
 * The columns a span (first pickup → last delivery, UTC instants) touches;
 * null when it lies wholly outside them. A delivery before its pickup is
 * drawn as the pickup's instant.
 */
export function placeSpan(pickupAt: string, deliveryAt: string, columns: DayColumn[]): Placement | null {
  if (columns.length === 0) return null
  const from = Date.parse(pickupAt)
  const to = Math.max(from, Date.parse(deliveryAt))
  if (Number.isNaN(from) || Number.isNaN(to)) return null
  const first = columns[0]
  const last = columns[columns.length - 1]
  if (from >= last.end || to < first.start) return null
  const start = Math.max(0, columns.findIndex((day) => day.end > from))
  let end = columns.length - 1
  while (end > start && columns[end].start > to) end -= 1
  return { start, span: end - start + 1, continuesBefore: from < first.start, continuesAfter: to >= last.end }
}

/**
 * Lanes for bars that share a row: each bar takes the first lane free over
 * its columns, so overlapping loads (a conflict worth seeing) stack instead
 * of hiding each other. Returns each bar's lane, in the bars' order.
 */
export function stackLanes(bars: readonly { start: number; span: number }[]): number[] {
  const order = bars.map((_, i) => i).sort((a, b) => bars[a].start - bars[b].start || bars[b].span - bars[a].span)
  const laneEnds: number[] = []
  const lanes = new Array<number>(bars.length).fill(0)
  for (const i of order) {
    const { start, span } = bars[i]
    let lane = laneEnds.findIndex((end) => end <= start)
    if (lane === -1) lane = laneEnds.length
    laneEnds[lane] = start + span
    lanes[i] = lane
  }
  return lanes
}

/** Whether a span (UTC instants) overlaps the day. */
export function onDay(pickupAt: string, deliveryAt: string, day: DayColumn): boolean {
  return placeSpan(pickupAt, deliveryAt, [day]) !== null
}

/** An instant on the zone's clock, e.g. 'EEE MMM d, h:mm a'. */
export function formatIn(instant: string | number, zone: string, pattern: string): string {
  return format(new TZDate(typeof instant === 'string' ? Date.parse(instant) : instant, zone), pattern)
}

/** An instant as the board shows it: 'Sun Nov 29, 8:00 AM CST' on the zone's clock. */
export function whenIn(instant: string, zone: string): string {
  return `${formatIn(instant, zone, 'EEE MMM d, h:mm a')} ${zoneName(zone, Date.parse(instant))}`
}

/** The zone's short name at that instant ('CST', 'CDT'; 'GMT-6' where it has none). */
export function zoneName(zone: string, instant: number = Date.now()): string {
  return tzName(zone, new Date(instant), 'short')
}

/** A calendar date (YYYY-MM-DD) as `pattern` shows it ('EEE d', 'MMM d'). */
export function formatDate(date: string, pattern: string): string {
  return format(new TZDate(...calendarDate(date), 'UTC'), pattern)
}
