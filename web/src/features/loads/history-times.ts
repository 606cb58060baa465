import type { LoadEventView, StopView } from './api/loads-api'

type HistoryEvent = LoadEventView

/** The EDI 214 codes of stop events (domain::loads::at7_code), by the kind of stop they happen at. */
const PICKUP_CODES = ['X3', 'CP', 'AF']
const DELIVERY_CODES = ['X1', 'D1', 'CD']

const time = (instant: string | null) => (instant === null ? Number.NaN : new Date(instant).getTime())

/**
 * The stop a history entry happened at, when it is a stop event: of the
 * stops of its kind, the one whose arrival or departure is its instant,
 * else the one it falls between arriving and leaving. The history names
 * no stop, but a stop event sets that stop's times.
 */
export function stopOfEvent(event: HistoryEvent, stops: readonly StopView[]): StopView | undefined {
  const code = event.at7_code ?? ''
  const kind = PICKUP_CODES.includes(code) ? 'pickup' : DELIVERY_CODES.includes(code) ? 'delivery' : null
  if (kind === null) return undefined
  const at = time(event.at)
  const candidates = stops.filter((stop) => stop.kind === kind)
  return (
    candidates.find((stop) => time(stop.arrived_at) === at || time(stop.departed_at) === at) ??
    candidates.find(
      (stop) => time(stop.arrived_at) <= at && (stop.departed_at === null || at <= time(stop.departed_at)),
    ) ??
    candidates[0]
  )
}

/**
 * When a history entry happened, with the zone it is read in named: a stop
 * event on its stop's clock ("Mar 2, 2026, 7:50 AM CST"), any other change
 * in `homeZone` (the fleet's), or the viewer's own zone without one.
 */
export function historyTime(event: HistoryEvent, stops: readonly StopView[], homeZone?: string): string {
  const zone = stopOfEvent(event, stops)?.time_zone ?? homeZone
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(event.at))
}
