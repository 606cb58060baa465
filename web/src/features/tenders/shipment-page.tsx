import { ArrowLeft, Download, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formatDollars } from '@/lib/dollars'
import { elapsed } from '@/lib/elapsed'
import { brokerRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { useShipment } from './api/tenders-queries'
import { shipmentDocumentUrl } from './api/tenders-api'
import type { ShipmentDocumentView, ShipmentView, TenderStopView, TrackingView } from './api/types'
import { milestoneLabel, shipmentStatusLabel, shipmentStatusVariant } from './labels'
import { when } from './display'
import { StopsList, TermsList } from './parts'

const d = texts.tenderScreens.shipment

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function stopName(stops: TenderStopView[], seq: number | null): string | null {
  const stop = stops.find((candidate) => candidate.seq === seq)
  return stop ? `${stop.facility_name}, ${stop.city}, ${stop.state}` : null
}

/** Milestones newest first, the next stop and its ETA, and the last position when the carrier shares it. */
export function TrackingPanel({ tracking, stops, now = new Date() }: { tracking: TrackingView | null; stops: TenderStopView[]; now?: Date }) {
  if (!tracking) return <p className="text-sm text-muted-foreground">{d.trackingClosed}</p>
  const milestones = [...tracking.milestones].sort((a, b) => b.at.localeCompare(a.at))
  const next = stopName(stops, tracking.next_stop_seq ?? null)
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-muted p-3">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{d.nextStop}</p>
          <p className="text-sm font-medium break-words">{next ?? '—'}</p>
          <p className="text-sm">{tracking.eta ? format(d.eta, { time: when(tracking.eta) }) : d.noEta}</p>
        </div>
        <div className="rounded-lg bg-muted p-3">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{d.position}</p>
          {!tracking.position_shared ? (
            <p className="text-sm">{d.positionNotShared}</p>
          ) : tracking.position ? (
            <p className="flex items-start gap-1 text-sm">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {tracking.position.lat.toFixed(4)}, {tracking.position.lon.toFixed(4)}
                <span className="block text-muted-foreground">
                  {format(d.positionAge, { age: elapsed(tracking.position.at, now) ?? '' })}
                </span>
              </span>
            </p>
          ) : (
            <p className="text-sm">{d.noPosition}</p>
          )}
        </div>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{d.milestones}</h3>
        {milestones.length === 0 ? (
          <p className="text-sm text-muted-foreground">{d.noMilestones}</p>
        ) : (
          <ol className="space-y-2">
            {milestones.map((milestone, index) => (
              <li key={`${milestone.at}-${index}`} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium">{milestoneLabel(milestone.at7_code, milestone.status)}</span>
                {milestone.stop_seq != null && (
                  <span className="text-muted-foreground">{format(d.stopN, { n: milestone.stop_seq + 1 })}</span>
                )}
                <span className="text-muted-foreground">{when(milestone.at)}</span>
                {milestone.source === 'eld' && <Badge variant="info">{d.reportedByEld}</Badge>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  )
}

function documentName(doc: ShipmentDocumentView): string {
  if (doc.kind === 'proof_of_delivery') return d.pod
  if (doc.kind === 'rate_confirmation') return doc.revision == null ? d.rateCon : format(d.rateConRevision, { revision: doc.revision })
  return doc.file_name
}

function Details({ view }: { view: ShipmentView }) {
  const row = view.shipment
  const latest = view.revisions.length > 0 ? [...view.revisions].sort((a, b) => b.revision - a.revision)[0] : null
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight">{format(d.title, { load: row.load_number })}</h1>
            <Badge variant={shipmentStatusVariant(row.status)}>{shipmentStatusLabel(row.status)}</Badge>
          </div>
          <p className="text-muted-foreground break-words">
            {format(d.subtitle, { pro: row.pro_number, carrier: row.carrier_name, dot: row.carrier_dot })}
          </p>
          {view.delivered_at && <p className="text-sm">{format(d.delivered, { time: when(view.delivered_at) })}</p>}
        </div>
        <p className="text-2xl font-semibold tabular-nums">{formatDollars(row.total_cents)}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={d.tracking}>
          <TrackingPanel tracking={view.tracking ?? null} stops={view.stops} />
        </Section>
        <Section title={d.stops}>
          <StopsList stops={view.stops} />
        </Section>
        <Section title={d.documents}>
          {view.documents.length === 0 ? (
            <p className="text-sm text-muted-foreground">{d.noDocuments}</p>
          ) : (
            <ul className="divide-y divide-border">
              {view.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 text-xs break-all text-muted-foreground">{doc.file_name}</span>
                  <a
                    href={shipmentDocumentUrl(row.id, doc.id)}
                    download={doc.file_name}
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                  >
                    <Download className="h-4 w-4" aria-hidden />
                    {format(d.download, { name: documentName(doc) })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={d.revisions}>
          {view.revisions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{d.noRevisions}</p>
          ) : (
            <ol className="space-y-4">
              {[...view.revisions]
                .sort((a, b) => b.revision - a.revision)
                .map((revision) => {
                  const statuses: Record<string, string> = d.revisionStatus
                  return (
                    <li key={revision.id} className="space-y-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{format(d.revisionN, { n: revision.revision })}</span>
                        <Badge variant={revision.status === 'accepted' ? 'success' : revision.status === 'pending' ? 'warning' : 'destructive'}>
                          {statuses[revision.status] ?? revision.status}
                        </Badge>
                        <span className="text-xs text-muted-foreground">
                          {format(d.requestedBy, { name: revision.requested_by })} · {when(revision.created_at)}
                        </span>
                      </div>
                      {revision.notes && <p className="text-sm whitespace-pre-line break-words">{revision.notes}</p>}
                      {revision === latest && <TermsList terms={revision.terms} />}
                    </li>
                  )
                })}
            </ol>
          )}
        </Section>
      </div>
    </div>
  )
}

/** /broker/shipments/:shipmentId: a booked load, its tracking while active, its documents and revisions. */
export default function ShipmentPage() {
  const { shipmentId = '' } = useParams()
  const query = useShipment(shipmentId)
  const notFound = query.error instanceof ApiError && query.error.status === 404
  let body: ReactNode
  if (query.data) body = <Details view={query.data} />
  else if (query.isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={texts.tenderScreens.loading} />
      </div>
    )
  else if (notFound) body = <Alert>{d.notFound}</Alert>
  else
    body = (
      <LoadError title={d.loadFailed} message={query.error?.message} retryLabel={texts.tenderScreens.retry} onRetry={() => void query.refetch()} />
    )
  return (
    <div className="space-y-4">
      <Link to={brokerRoutes.shipments} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {d.back}
      </Link>
      {body}
    </div>
  )
}
