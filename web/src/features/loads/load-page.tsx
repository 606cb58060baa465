import { AlertTriangle, ArrowLeft, FileText, Pencil, Truck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { LoadError } from '@/components/load-error'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { useFleetAccount } from '@/lib/fleet-account'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { loadSheetUrl, type LoadView, type StopEventKind, type StopView } from './api/loads-api'
import { useCancelLoad, useChangeStatus, useLoad, useStopEvent } from './api/loads-queries'
import { currentStop, isLate, proposedDetention, revenuePerMileCents, type LoadWithMiles } from './load-facts'
import { isEditable } from './load-form-model'
import { assignable, cancellable, statusActions, underway } from './load-status'
import { StatusBadge } from './status-badge'
import { clockIn, onClock, toServerLocal } from './local-time'
import { driverResponseBadge, reportedBy } from './driver-response'
import { historyTime } from './history-times'
import { LoadMessagesPanel } from './load-messages-panel'
import { formatDollars } from './money'

export interface LoadPageProps {
  /** The load's documents (the app layer passes the documents feature's list). */
  documentsSlot?: (load: { id: string; pro_number: number; load_number: string }) => ReactNode
}

const s = () => texts.loads.screens
const statusName = (status: string) => (texts.loads.screens.status as Record<string, string>)[status] ?? status

function failed(error: unknown) {
  toast.error(s().detail.actionFailed, { description: error instanceof Error ? error.message : undefined })
}

/** /fleet-dashboard/loads/:loadId (issue 31 §4). */
export default function LoadPage({ documentsSlot }: LoadPageProps) {
  const { loadId = '' } = useParams()
  const d = s().detail
  const query = useLoad(loadId)

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={d.loading} />
      </div>
    )
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="space-y-3 py-10 text-center">
          <h1 className="text-xl font-semibold text-ink">{d.notFoundTitle}</h1>
          <p className="text-sm text-muted-foreground">{d.notFoundText}</p>
          <Link to={fleetRoutes.loads} className={buttonClass('outline')}>
            {d.back}
          </Link>
        </div>
      )
    }
    return (
      <LoadError title={d.loadFailed} message={query.error.message} retryLabel={s().retry} onRetry={() => void query.refetch()} />
    )
  }
  const load = query.data
  return (
    <div className="space-y-6">
      <Link to={fleetRoutes.loads} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {d.back}
      </Link>
      <Header load={load} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Stops load={load} />
          {/* The documents feature's card has its own "Documents" heading. */}
          {documentsSlot ? (
            documentsSlot({ id: load.id, pro_number: load.pro_number, load_number: load.load_number })
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>{d.documentsTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-muted-foreground">{d.documentsSoon}</p>
              </CardContent>
            </Card>
          )}
          <History load={load} />
        </div>
        <div className="min-w-0 space-y-6">
          <LoadMessagesPanel loadId={load.id} />
          <Money load={load} />
          <Freight load={load} />
        </div>
      </div>
    </div>
  )
}

function Header({ load }: { load: LoadView }) {
  const d = s().detail
  const change = useChangeStatus(load.id)
  const actions = statusActions(load.status)
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold text-ink">{format(d.pro, { pro: load.pro_number })}</h1>
            <StatusBadge status={load.status} />
            <DriverResponse load={load} />
          </div>
          <p className="text-sm break-words text-muted-foreground">
            {format(d.loadNumber, { n: load.load_number })} · {load.customer.name}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'declined' ? 'outline' : 'primary'}
              disabled={change.isPending}
              onClick={() =>
                change.mutate(action, {
                  onSuccess: (view) => toast.success(format(d.statusChanged, { status: statusName(view.status) })),
                  onError: failed,
                })
              }
            >
              {d.statusActions[action]}
            </Button>
          ))}
          {isEditable(load) && (
            <Link to={fleetRoutes.loadEdit(load.id)} className={buttonClass('outline')} aria-label={format(d.editLabel, { pro: load.pro_number })}>
              <Pencil className="h-4 w-4" aria-hidden />
              {d.edit}
            </Link>
          )}
          {assignable(load.status) && (
            <Link to={fleetRoutes.loadAssign(load.id)} className={buttonClass('outline')}>
              <Truck className="h-4 w-4" aria-hidden />
              {d.assign}
            </Link>
          )}
          <a href={loadSheetUrl(load.id)} target="_blank" rel="noopener" className={buttonClass('outline')}>
            <FileText className="h-4 w-4" aria-hidden />
            {d.loadSheet}
          </a>
          {cancellable(load.status) && <CancelButton load={load} />}
        </div>
      </div>
      {load.status === 'cancelled' && load.cancel_reason && (
        <Alert variant="warning">{format(d.cancelledBecause, { reason: load.cancel_reason })}</Alert>
      )}
    </div>
  )
}

function CancelButton({ load }: { load: LoadView }) {
  const d = s().detail
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const cancel = useCancelLoad(load.id)
  const submit = () => {
    setError(null)
    cancel.mutate(reason, {
      onSuccess: () => {
        setOpen(false)
        setReason('')
        toast.success(d.cancelled)
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields.reason) setError(err.fields.reason)
        else if (err instanceof ApiError && err.status === 422) setError(err.message)
        else {
          setOpen(false)
          failed(err)
        }
      },
    })
  }
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {d.cancelLoad}
      </Button>
      <AlertDialogContent>
        <AlertDialogTitle>{d.cancelTitle}</AlertDialogTitle>
        <AlertDialogDescription>{d.cancelText}</AlertDialogDescription>
        <div className="space-y-2">
          <Label htmlFor="cancel-reason">{d.cancelReason}</Label>
          <Textarea
            id="cancel-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cancel-reason-error' : undefined}
          />
          {error && (
            <p id="cancel-reason-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{d.keepLoad}</AlertDialogCancel>
          <AlertDialogConfirm disabled={cancel.isPending} onClick={submit}>
            {d.confirmCancel}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

interface PendingEvent {
  stop: StopView
  event: StopEventKind
  label: string
}

function Stops({ load }: { load: LoadView }) {
  const d = s().detail
  const f = s().form
  const [pending, setPending] = useState<PendingEvent | null>(null)
  const current = underway(load.status) ? currentStop(load.stops) : undefined
  return (
    <Card>
      <CardHeader>
        <CardTitle>{d.stopsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {load.stops.map((stop) => {
            const detention = proposedDetention(load.accessorials, stop.seq)
            const late = isLate(stop)
            const events: PendingEvent[] = []
            if (current?.id === stop.id) {
              const pickup = stop.kind === 'pickup'
              if (!stop.arrived_at) events.push({ stop, event: 'arrived', label: d.recordArrived })
              else if (pickup && load.status === 'at_pickup') {
                // A pickup is left loaded: the loading comes before the departure.
                events.push({ stop, event: 'completed', label: d.recordLoaded })
              } else {
                if (!pickup) events.push({ stop, event: 'completed', label: d.recordUnloaded })
                events.push({ stop, event: 'departed', label: d.recordDeparted })
              }
            }
            return (
              <li
                key={stop.id}
                className="relative rounded-lg border border-border p-4"
                aria-label={format(f.stopN, { n: stop.seq + 1 })}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-ink">
                    {format(f.stopN, { n: stop.seq + 1 })} · {stop.kind === 'pickup' ? f.pickup : f.delivery}
                  </p>
                  {late && <Badge variant="destructive">{d.late}</Badge>}
                </div>
                <p className="mt-1 font-medium break-words text-ink">{stop.facility.name}</p>
                <p className="text-sm break-words text-muted-foreground">
                  {stop.facility.address}, {stop.facility.city}, {stop.facility.state} {stop.facility.zip ?? ''}
                </p>
                <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-muted-foreground">{d.planned}</dt>
                    <dd>
                      {onClock(stop.starts_at, stop.time_zone)}
                      {stop.local_end && <> – {onClock(stop.ends_at, stop.time_zone)}</>}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{d.arrived}</dt>
                    <dd>{stop.arrived_at ? onClock(stop.arrived_at, stop.time_zone) : d.notYet}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{d.departed}</dt>
                    <dd>{stop.departed_at ? onClock(stop.departed_at, stop.time_zone) : d.notYet}</dd>
                  </div>
                </dl>
                {stop.instructions && <p className="mt-2 text-sm break-words whitespace-pre-line">{stop.instructions}</p>}
                {detention && (
                  <Alert variant="warning" className="mt-3 flex items-start gap-2">
                    <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                    <span>
                      <span className="font-medium">
                        {d.detentionProposed}: {formatDollars(detention.amount_cents)}
                      </span>
                      <span className="block">{detention.note}</span>
                    </span>
                  </Alert>
                )}
                {events.length > 0 && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {events.map((event) => (
                      <Button key={event.event} size="sm" variant="outline" onClick={() => setPending(event)}>
                        {event.label}
                      </Button>
                    ))}
                  </div>
                )}
              </li>
            )
          })}
        </ol>
        {pending && <StopEventDialog loadId={load.id} pending={pending} onClose={() => setPending(null)} />}
      </CardContent>
    </Card>
  )
}

function StopEventDialog({ loadId, pending, onClose }: { loadId: string; pending: PendingEvent; onClose: () => void }) {
  const d = s().detail
  const { stop, event, label } = pending
  const [at, setAt] = useState(() => clockIn(stop.time_zone))
  const [error, setError] = useState<string | null>(null)
  const record = useStopEvent(loadId)
  const save = () => {
    const local = toServerLocal(at)
    if (!local) {
      setError(texts.loads.stopTimeRequired)
      return
    }
    setError(null)
    record.mutate(
      { seq: stop.seq, event, at: local },
      {
        onSuccess: () => {
          toast.success(d.eventSaved)
          onClose()
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) setError(err.fields.at ?? err.message)
          else {
            failed(err)
            onClose()
          }
        },
      },
    )
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{format(d.eventTitle, { event: label, n: stop.seq + 1 })}</DialogTitle>
        <DialogDescription>{stop.facility.name}</DialogDescription>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            save()
          }}
        >
          <FormField
            id="stop-event-at"
            type="datetime-local"
            label={format(d.eventTime, { zone: stop.time_zone })}
            value={at}
            onChange={(e) => setAt(e.target.value)}
            error={error ?? undefined}
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {s().form.cancel}
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {d.saveEvent}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-3 border-t border-border pt-2 font-semibold' : 'flex justify-between gap-3'}>
      <dt className={strong ? 'text-ink' : 'text-muted-foreground'}>{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  )
}

function Money({ load }: { load: LoadWithMiles }) {
  const d = s().detail
  const kinds: Record<string, string> = s().form.accessorialKinds
  const rpm = revenuePerMileCents(load)
  const dash = texts.fleet.assets.empty
  return (
    <Card>
      <CardHeader>
        <CardTitle>{d.moneyTitle}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="space-y-2">
          <Row label={d.linehaul} value={formatDollars(load.linehaul_cents)} />
          <Row label={d.fuel} value={formatDollars(load.fuel_surcharge_cents)} />
          {load.accessorials.map((line) => (
            <Row
              key={line.id}
              label={line.note ? `${kinds[line.kind] ?? line.kind} (${line.note})` : (kinds[line.kind] ?? line.kind)}
              value={formatDollars(line.amount_cents)}
            />
          ))}
          <Row label={d.revenue} value={formatDollars(load.revenue_cents)} strong />
          <Row label={d.loadedMiles} value={load.loaded_miles.toLocaleString('en-US')} />
          <Row label={d.emptyMiles} value={load.empty_miles == null ? dash : load.empty_miles.toLocaleString('en-US')} />
          <Row label={d.revenuePerMile} value={rpm === null ? dash : formatDollars(rpm)} />
        </dl>
        {load.accessorials.length === 0 && <p className="text-muted-foreground">{d.noAccessorials}</p>}
        <p className="text-xs text-muted-foreground">{texts.loads.milesEstimated}</p>
      </CardContent>
    </Card>
  )
}

function Freight({ load }: { load: LoadView }) {
  const d = s().detail
  const f = s().form
  const equipment: Record<string, string> = texts.board.equipment
  const facts: [string, ReactNode][] = [
    [f.equipment, `${equipment[load.equipment_type] ?? load.equipment_type}${load.length_ft ? ` · ${load.length_ft} ft` : ''}`],
    [f.reeferTemp, load.reefer_temp_f === null ? null : `${load.reefer_temp_f} °F`],
    [f.commodity, load.commodity],
    [f.weight, load.weight_lbs === null ? null : load.weight_lbs.toLocaleString('en-US')],
    [f.pieces, load.pieces],
    [f.hazmatClass, load.hazmat_class],
    [f.unNumber, load.un_number],
    [f.bolNumber, load.bol_number],
    [f.poNumber, load.po_number],
    [f.pickupNumber, load.pickup_number],
    [f.notes, load.notes],
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle>{d.freightTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          {facts
            .filter(([, value]) => value !== null && value !== undefined && value !== '')
            .map(([label, value]) => (
              <Row key={label} label={label} value={<span className="break-words">{value}</span>} />
            ))}
        </dl>
      </CardContent>
    </Card>
  )
}

function History({ load }: { load: LoadView }) {
  const d = s().detail
  // Stop events on their stop's clock, other changes in the fleet's home zone (the viewer's until it loads).
  const homeZone = useFleetAccount().data?.home_time_zone
  return (
    <Card>
      <CardHeader>
        <CardTitle>{d.historyTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {load.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">{d.historyEmpty}</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {load.history.map((event, index) => (
              <li key={`${event.at}-${index}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-border pb-2 last:border-0">
                <span className="font-medium text-ink">
                  {event.from_status
                    ? format(d.historyFromTo, { from: statusName(event.from_status), to: statusName(event.to_status) })
                    : `${d.created} · ${statusName(event.to_status)}`}
                </span>
                {event.at7_code && <Badge variant="outline">{event.at7_code}</Badge>}
                {reportedBy(event, load.stops) && (
                  <span className="text-ink" data-testid="history-sources">
                    {reportedBy(event, load.stops)}
                  </span>
                )}
                <span className="text-muted-foreground">
                  {event.actor_name} · <time dateTime={event.at}>{historyTime(event, load.stops, homeZone)}</time>
                </span>
                {event.reason && <span className="w-full break-words text-muted-foreground">{event.reason}</span>}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

/** The driver's answer to the dispatch, beside the status. */
function DriverResponse({ load }: { load: LoadView }) {
  const badge = driverResponseBadge(load.driver_response, load.decline_reason)
  if (!badge) return null
  return (
    <Badge variant={badge.variant} className="max-w-full break-words whitespace-normal" data-testid="driver-response">
      {badge.text}
    </Badge>
  )
}
