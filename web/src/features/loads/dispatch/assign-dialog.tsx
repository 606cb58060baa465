import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { flatZodResolver } from '@/lib/zod-form'
import {
  dispatchKeys,
  useAssignLoad,
  useChangeStatus,
  useEligibility,
  type DispatchBoard,
  type DispatchLoad,
  type Finding,
} from './api'
import { assignmentInput, assignSchema, eligibilityInput, MAX_REASON, type AssignValues } from './assign-form'
import { canAssign } from './board-model'
import { FindingsList } from './findings-list'
import { laneText } from './load-display'
import { whenIn } from './timeline'

const t = texts.loads.dispatch
const a = texts.loads.dispatch.assign

/** What a drag onto the timeline chose before the dialog opened. */
export interface Preset {
  driver_id?: string
  truck_id?: string
}

export interface AssignDialogProps {
  /** The load whose dialog is open; '' when closed. */
  loadId: string
  /** The load, once known (from the board, or read on its own). */
  load: DispatchLoad | undefined
  loadState: { pending: boolean; error: Error | null; retry: () => void }
  board: DispatchBoard | undefined
  zone: string
  preset: Preset
  onClose: () => void
}

/** The assignment dialog (`?assign=<loadId>`): choose the crew and equipment, see the findings, assign, dispatch. */
export function AssignDialog({ loadId, load, loadState, board, zone, preset, onClose }: AssignDialogProps) {
  return (
    <Dialog open={loadId !== ''} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        {load && board ? (
          <AssignBody key={`${load.id}-${preset.driver_id ?? ''}-${preset.truck_id ?? ''}`} load={load} board={board} zone={zone} preset={preset} onClose={onClose} />
        ) : (
          <>
            <DialogTitle>{format(a.title, { pro: '' }).trim()}</DialogTitle>
            <DialogDescription className="sr-only">{a.loading}</DialogDescription>
            {loadState.error ? (
              <LoadError
                title={loadState.error instanceof ApiError && loadState.error.status === 404 ? a.notFound : t.loadFailed}
                message={loadState.error.message}
                retryLabel={t.retry}
                onRetry={loadState.retry}
              />
            ) : (
              <div className="flex justify-center py-8">
                <Spinner label={a.loading} />
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

const ids = {
  driver: 'assign-driver',
  second: 'assign-second-driver',
  truck: 'assign-truck',
  trailer: 'assign-trailer',
  reason: 'assign-override-reason',
}

function AssignBody({
  load,
  board,
  zone,
  preset,
  onClose,
}: {
  load: DispatchLoad
  board: DispatchBoard
  zone: string
  preset: Preset
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const form = useForm<AssignValues>({
    // The override reason's check needs the findings: submit does it (assignSchema(true) there).
    resolver: flatZodResolver(assignSchema(false)),
    defaultValues: {
      driver_id: preset.driver_id ?? load.driver_id ?? '',
      second_driver_id: load.second_driver_id ?? '',
      truck_id: preset.truck_id ?? load.truck_id ?? '',
      trailer_id: load.trailer_id ?? '',
      override_reason: '',
    },
  })
  const [driverId, secondId, truckId, trailerId] = useWatch({
    control: form.control,
    name: ['driver_id', 'second_driver_id', 'truck_id', 'trailer_id'],
  })
  const input = useMemo(
    () => eligibilityInput({ driver_id: driverId, second_driver_id: secondId, truck_id: truckId, trailer_id: trailerId }),
    [driverId, secondId, truckId, trailerId],
  )
  const eligibility = useEligibility(load.id, input)
  const blocked = input !== null && eligibility.data?.blocked === true
  const assign = useAssignLoad()
  const status = useChangeStatus()
  const [assigned, setAssigned] = useState(false)

  const driverName = (id: string) => board.drivers.find((d) => d.id === id)?.name ?? id
  const driverIds = [driverId, secondId].filter(Boolean)
  const checking = input !== null && eligibility.isFetching
  const errors = form.formState.errors
  const tendered = load.status === 'tendered'
  const assignable = canAssign(load.status)

  const submit = form.handleSubmit((values) => {
    const reasonCheck = assignSchema(blocked).safeParse(values)
    if (!reasonCheck.success) {
      const issue = reasonCheck.error.issues.find((i) => i.path[0] === 'override_reason')
      if (issue) {
        form.setError('override_reason', { message: issue.message }, { shouldFocus: true })
        return
      }
    }
    const body = assignmentInput(values, blocked)
    if (!body) return
    assign.mutate(
      { id: load.id, input: body },
      {
        onSuccess: (view) => {
          setAssigned(true)
          toast.success(format(a.assigned, { pro: view.load.pro_number }))
        },
        onError: (error) => {
          // A 409 is a Block the check had not shown (another dispatcher was quicker): show it.
          if (error instanceof ApiError && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: dispatchKeys.eligibility })
          }
        },
      },
    )
  })

  function accept() {
    status.mutate({ id: load.id, status: 'accepted' })
  }

  function dispatchNow() {
    status.mutate(
      { id: load.id, status: 'dispatched' },
      {
        onSuccess: () => {
          toast.success(format(a.dispatched, { pro: load.pro_number }))
          onClose()
        },
      },
    )
  }

  const invalid = (field: keyof AssignValues, id: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}
  const fieldError = (field: keyof AssignValues, id: string) =>
    errors[field]?.message ? (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {errors[field]?.message}
      </p>
    ) : null
  const busy = assign.isPending || assigned

  return (
    <>
      <div className="space-y-1 pr-8">
        <DialogTitle>{format(a.title, { pro: load.pro_number })}</DialogTitle>
        <DialogDescription>
          {format(a.description, {
            customer: load.customer_name,
            lane: laneText(load),
            pickup: whenIn(load.first_pickup_at, zone),
          })}
        </DialogDescription>
      </div>

      {assigned ? (
        <div className="space-y-4">
          <Alert variant="success">{format(a.assigned, { pro: load.pro_number })}</Alert>
          <p className="text-sm text-muted-foreground">{a.dispatchHint}</p>
          {status.isError && (
            <Alert>
              <span className="font-medium">{a.dispatchFailed}</span>
              <span className="block">{status.error.message}</span>
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {a.close}
            </Button>
            <Button onClick={dispatchNow} disabled={status.isPending}>
              {a.dispatchNow}
            </Button>
          </div>
        </div>
      ) : !assignable ? (
        <div className="space-y-4">
          <Alert variant="info">{format(a.notAssignable, { status: (t.status[load.status] ?? load.status).toLowerCase() })}</Alert>
          <div className="flex justify-end gap-2">
            <Button variant="outline" asChild>
              <Link to={fleetRoutes.load(load.id)}>{a.openLoad}</Link>
            </Button>
            <Button onClick={onClose}>{a.close}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          {tendered && (
            <Alert variant="info" className="flex flex-wrap items-center justify-between gap-3">
              <span>{a.tendered}</span>
              <Button size="sm" onClick={accept} disabled={status.isPending}>
                {a.acceptTender}
              </Button>
            </Alert>
          )}
          {tendered && status.isError && <Alert>{status.error.message}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.driver}>{a.driver}</Label>
              <NativeSelect id={ids.driver} disabled={busy} {...invalid('driver_id', ids.driver)} {...form.register('driver_id')}>
                <option value="">{a.choose}</option>
                {board.drivers.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.active ? d.name : format(a.inactive, { name: d.name })}
                  </option>
                ))}
              </NativeSelect>
              {fieldError('driver_id', ids.driver)}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.second}>{a.secondDriver}</Label>
              <NativeSelect id={ids.second} disabled={busy} {...invalid('second_driver_id', ids.second)} {...form.register('second_driver_id')}>
                <option value="">{a.noSecondDriver}</option>
                {board.drivers
                  .filter((d) => d.id !== driverId)
                  .map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.active ? d.name : format(a.inactive, { name: d.name })}
                    </option>
                  ))}
              </NativeSelect>
              {fieldError('second_driver_id', ids.second)}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.truck}>{a.truck}</Label>
              <NativeSelect id={ids.truck} disabled={busy} {...invalid('truck_id', ids.truck)} {...form.register('truck_id')}>
                <option value="">{a.choose}</option>
                {board.trucks.map((truck) => (
                  <option key={truck.id} value={truck.id}>
                    {truck.active ? truck.unit_number : format(a.inactive, { name: truck.unit_number })}
                  </option>
                ))}
              </NativeSelect>
              {fieldError('truck_id', ids.truck)}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.trailer}>{a.trailer}</Label>
              <NativeSelect id={ids.trailer} disabled={busy} {...form.register('trailer_id')}>
                <option value="">{a.noTrailer}</option>
                {board.trailers.map((trailer) => (
                  <option key={trailer.id} value={trailer.id}>
                    {trailer.trailer_type ? `${trailer.unit_number} (${trailer.trailer_type})` : trailer.unit_number}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>

          <section aria-labelledby="assign-findings-title" aria-busy={checking} className="space-y-2 rounded-lg bg-muted/60 p-3">
            <h3 id="assign-findings-title" className="text-sm font-semibold text-ink">
              {a.findings}
            </h3>
            <Findings
              input={input !== null}
              query={eligibility}
              driverIds={driverIds}
              driverName={driverName}
            />
          </section>

          {blocked && (
            <div className="space-y-2">
              <Alert variant="warning">{a.blockedNote}</Alert>
              <Label htmlFor={ids.reason}>{a.overrideReason}</Label>
              <Textarea
                id={ids.reason}
                required
                maxLength={MAX_REASON}
                disabled={busy}
                className="min-h-20"
                {...invalid('override_reason', ids.reason)}
                {...form.register('override_reason')}
              />
              {fieldError('override_reason', ids.reason)}
            </div>
          )}

          {assign.isError && (
            <Alert>
              <span className="font-medium">{a.assignFailed}</span>
              <span className="block">{assign.error.message}</span>
            </Alert>
          )}

          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {a.cancel}
            </Button>
            <Button type="submit" variant={blocked ? 'destructive' : 'primary'} disabled={busy || tendered || checking}>
              {blocked ? a.submitOverride : a.submit}
            </Button>
          </div>
        </form>
      )}
    </>
  )
}

function Findings({
  input,
  query,
  driverIds,
  driverName,
}: {
  input: boolean
  query: ReturnType<typeof useEligibility>
  driverIds: string[]
  driverName: (id: string) => string
}) {
  if (!input) return <p className="text-sm text-muted-foreground">{a.chooseFirst}</p>
  if (query.isError) {
    return (
      <LoadError title={a.checkFailed} message={query.error.message} retryLabel={t.retry} onRetry={() => void query.refetch()} />
    )
  }
  if (!query.data || query.isFetching) {
    return (
      <div className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
        <Spinner className="h-4 w-4 border-2" label={a.checking} />
        <span aria-hidden>{a.checking}</span>
      </div>
    )
  }
  const findings = query.data.findings as Finding[]
  if (findings.length === 0) return <Alert variant="success">{a.noFindings}</Alert>
  return <FindingsList findings={findings} driverIds={driverIds} driverName={driverName} />
}
