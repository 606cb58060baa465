import type { ReactNode } from 'react'
import { Clock, FileCheck2, MapPin, Navigation, Phone } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { format, texts } from '@/lib/texts'
import { onClock, untilOnClock } from '@/lib/zoned-time'
import { eventLabel } from './event-label'
import { isAppleMobile, mapsLink } from './maps-link'
import type { PortalStop, StopEventName } from './portal-load-types'
import type { Queued } from './stop-actions'

const t = texts.portalLoads

const SOURCE_LABEL: Record<string, string> = {
  driver: t.sourceDriver,
  office: t.sourceOffice,
  eld: t.sourceEld,
}

/** "(ELD, you)": who reported the stop's event, first reporter first. */
function sources(stop: PortalStop, event: StopEventName): string {
  const who = [...new Set(stop.reports.filter((r) => r.event === event).map((r) => SOURCE_LABEL[r.source] ?? r.source))]
  return who.length ? ` ${format(t.bySource, { sources: who.join(', ') })}` : ''
}

function apple(): boolean {
  return typeof navigator !== 'undefined' && isAppleMobile(navigator.userAgent, navigator.maxTouchPoints)
}

/** One stop: when and where, who to call, what to do there and what has happened. */
export function StopCard({
  stop,
  actions,
  queued,
  busy,
  onEvent,
  children,
}: {
  stop: PortalStop
  actions: StopEventName[]
  queued: Queued
  busy: boolean
  onEvent: (event: StopEventName) => void
  children?: ReactNode
}) {
  const f = stop.facility
  const heading = `${format(t.stopN, { n: stop.seq + 1 })} · ${stop.kind === 'pickup' ? t.pickup : t.delivery}`
  const waiting = queued.filter((q) => q.seq === stop.seq)
  const completedBy = sources(stop, 'completed')
  return (
    <li className="space-y-3 rounded-lg border border-border bg-white p-4 shadow-sm" data-testid={`stop-${stop.seq}`}>
      <div className="space-y-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p>
        <h3 className="text-lg font-semibold break-words">{f.name}</h3>
        <p className="flex items-start gap-1 text-sm break-words">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            {f.address}, {f.city}, {f.state} {f.zip ?? ''}
          </span>
        </p>
        <p className="flex items-start gap-1 text-sm">
          <Clock className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            {stop.local_end
              ? format(t.window, {
                  from: stop.starts_on_clock,
                  to: untilOnClock(stop.starts_at, stop.ends_at, stop.time_zone),
                })
              : format(t.appointment, { time: stop.starts_on_clock })}
          </span>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {(f.contact_name || f.contact_phone) && (
          <>
            <dt className="text-muted-foreground">{t.contact}</dt>
            <dd className="break-words">
              {f.contact_name}
              {f.contact_phone && (
                <a className="ml-2 inline-flex items-center gap-1 text-primary underline" href={`tel:${f.contact_phone}`}>
                  <Phone className="h-3.5 w-3.5" aria-hidden />
                  {f.contact_phone}
                </a>
              )}
            </dd>
          </>
        )}
        {f.hours && (
          <>
            <dt className="text-muted-foreground">{t.hours}</dt>
            <dd className="break-words">{f.hours}</dd>
          </>
        )}
        {stop.instructions && (
          <>
            <dt className="text-muted-foreground">{t.instructions}</dt>
            <dd className="break-words whitespace-pre-line">{stop.instructions}</dd>
          </>
        )}
      </dl>
      <a
        href={mapsLink(f, apple())}
        target="_blank"
        rel="noreferrer"
        className="inline-flex h-11 items-center gap-2 rounded-md border border-border bg-white px-4 text-sm font-medium hover:bg-muted"
      >
        <Navigation className="h-4 w-4" aria-hidden />
        {t.navigate}
      </a>
      <ul className="space-y-1 text-sm" aria-label={heading}>
        {stop.arrived_at && (
          <li data-testid={`stop-${stop.seq}-arrived`}>
            {format(t.arrivedAt, { time: onClock(stop.arrived_at, stop.time_zone) })}
            {sources(stop, 'arrived')}
          </li>
        )}
        {stop.completed && (
          <li>
            {stop.kind === 'pickup' ? t.completedLoaded : t.completedUnloaded}
            {completedBy}
          </li>
        )}
        {stop.departed_at && (
          <li data-testid={`stop-${stop.seq}-departed`}>
            {format(t.departedAt, { time: onClock(stop.departed_at, stop.time_zone) })}
            {sources(stop, 'departed')}
          </li>
        )}
        {stop.documents.map((doc) => (
          <li key={doc.id} className="flex items-center gap-1">
            <FileCheck2 className="h-4 w-4 text-green-700" aria-hidden />
            {doc.document_type === 'proof_of_delivery' ? t.podFiled : doc.file_name}
            {doc.receiver_name && <span className="text-muted-foreground"> · {doc.receiver_name}</span>}
          </li>
        ))}
        {waiting.map((q) => (
          <li key={`${q.seq}-${q.event}`} className="flex flex-wrap items-center gap-2">
            <Badge variant="warning">{eventLabel(q.event, stop.kind)}</Badge>
            <span className="text-xs text-muted-foreground">{t.eventQueued}</span>
          </li>
        ))}
      </ul>
      {actions.length > 0 && (
        <div className="grid grid-cols-2 gap-2">
          {actions.map((event) => (
            <Button
              key={event}
              size="lg"
              variant={event === actions[0] ? 'primary' : 'outline'}
              disabled={busy}
              onClick={() => onEvent(event)}
            >
              {eventLabel(event, stop.kind)}
            </Button>
          ))}
        </div>
      )}
      {children}
    </li>
  )
}
