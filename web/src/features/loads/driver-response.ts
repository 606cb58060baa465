import { format, texts } from '@/lib/texts'

const s = () => texts.loads.screens

/** The driver's answer to a dispatch as a badge's text and tone, or null before an answer. */
export function driverResponseBadge(
  response: string | null | undefined,
  reason: string | null | undefined,
): { text: string; variant: 'success' | 'warning' } | null {
  if (response === 'accepted') return { text: s().driverResponse.accepted, variant: 'success' }
  if (response === 'declined') {
    return { text: format(s().driverResponse.declined, { reason: reason ?? '' }), variant: 'warning' }
  }
  return null
}

interface ReportedEvent {
  stop_event: string | null
  stop_seq: number | null
  source: string | null
  sources: string[]
}

/**
 * Who reported a stop event of the history: "Arrived (ELD, driver)" — the
 * event's name at its kind of stop and every source that reported it,
 * earliest first. Null for other changes (and older rows without a source).
 */
export function reportedBy(event: ReportedEvent, stops: { seq: number; kind: string }[]): string | null {
  const sources = event.sources.length > 0 ? event.sources : event.source ? [event.source] : []
  if (!event.stop_event || sources.length === 0) return null
  const d = s().detail
  const pickup = stops.find((stop) => stop.seq === event.stop_seq)?.kind === 'pickup'
  const names: Record<string, string> = {
    arrived: d.recordArrived,
    completed: pickup ? d.recordLoaded : d.recordUnloaded,
    departed: d.recordDeparted,
  }
  const labels: Record<string, string> = s().sources
  return format(d.reportedBy, {
    event: names[event.stop_event] ?? event.stop_event,
    sources: sources.map((source) => labels[source] ?? source).join(', '),
  })
}
