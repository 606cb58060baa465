import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react'
import { useMemo, useState } from 'react'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { useChangeStatus, useCustomers, useDispatchBoard, useLoadForDialog, type DispatchLoad } from './api'
import { AssignDialog, type Preset } from './assign-dialog'
import { canAssign, loadsOfDay, timelineRows } from './board-model'
import { boardRequest, DAYS, isDate, useBoardParams, type RowsBy } from './board-params'
import { DayList } from './day-list'
import type { Names } from './load-display'
import { StatusColumns } from './status-columns'
import { dayColumns, formatDate, shiftDate, todayIn, zoneName } from './timeline'
import { WeekTimeline } from './week-timeline'

const t = texts.loads.dispatch
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** /fleet-dashboard/dispatch: the loads by status, the week per driver or truck, and assignment (issue 31 §3). */
export function DispatchPage() {
  const [params, update] = useBoardParams()
  const request = useMemo(
    () => boardRequest({ from: params.from, customerId: params.customerId, driverId: params.driverId }),
    [params.from, params.customerId, params.driverId],
  )
  const query = useDispatchBoard(request)
  const customers = useCustomers()
  const board = query.data
  const zone = board?.time_zone ?? browserZone()
  const from = board?.from ?? (params.from || todayIn(zone))
  const columns = useMemo(() => (board ? dayColumns(board.from, board.days, board.time_zone) : []), [board])
  const today = todayIn(zone)
  const todayIndex = columns.findIndex((day) => day.date === today)
  const dayColumn =
    columns.find((day) => day.date === params.day) ?? (todayIndex >= 0 ? columns[todayIndex] : columns[0])

  const [preset, setPreset] = useState<Preset>({})
  const dialogLoad = board?.loads.find((load) => load.id === params.assign)
  // A load the week does not show (the load page links here for any load) is read on its own.
  const single = useLoadForDialog(params.assign, params.assign !== '' && board !== undefined && !dialogLoad)
  const dispatchStatus = useChangeStatus()

  const names: Names = useMemo(() => {
    const drivers = new Map(board?.drivers.map((d) => [d.id, d.name]))
    const trucks = new Map(board?.trucks.map((truck) => [truck.id, truck.unit_number]))
    return { driver: (id) => drivers.get(id) ?? '—', truck: (id) => trucks.get(id) ?? '—' }
  }, [board])

  const openAssign = (load: Pick<DispatchLoad, 'id'>, next: Preset = {}) => {
    setPreset(next)
    update({ assign: load.id })
  }
  const dispatchLoad = (load: DispatchLoad) =>
    dispatchStatus.mutate(
      { id: load.id, status: 'dispatched' },
      {
        onSuccess: () => toast.success(format(t.assign.dispatched, { pro: load.pro_number })),
        onError: (error) => toast.error(`${t.assign.dispatchFailed}: ${error.message}`),
      },
    )
  const cardProps = {
    zone,
    names,
    onAssign: (load: DispatchLoad) => openAssign(load),
    onDispatch: dispatchLoad,
    dispatchingId: dispatchStatus.isPending ? dispatchStatus.variables?.id : undefined,
  }

  const week = (date: string) => update({ from: date, day: '' })
  const stepDay = (n: number) => {
    if (!dayColumn) return
    const next = shiftDate(dayColumn.date, n)
    const inWeek = columns.some((day) => day.date === next)
    update(inWeek ? { day: next } : { day: next, from: shiftDate(from, n * DAYS) })
  }
  const onDropLoad = (loadId: string, rowId: string) => {
    const load = board?.loads.find((l) => l.id === loadId)
    if (!load || !canAssign(load.status)) return
    openAssign(load, params.rows === 'driver' ? { driver_id: rowId } : { truck_id: rowId })
  }

  const filtered = params.customerId !== '' || params.driverId !== ''
  const range = {
    from: formatDate(from, 'MMM d'),
    to: formatDate(shiftDate(from, DAYS - 1), 'MMM d, yyyy'),
  }

  return (
    <div className="min-w-0 space-y-5">
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
      </div>

      <Toolbar
        from={from}
        range={format(t.week.range, range)}
        zone={zone}
        today={today}
        rows={params.rows}
        onWeek={week}
        onRows={(rows) => update({ rows }, { replace: true })}
        customerId={params.customerId}
        driverId={params.driverId}
        customers={customers.data ?? []}
        drivers={board?.drivers ?? []}
        onFilter={(changes) => update(changes)}
      />

      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t.loading} />
        </div>
      ) : query.isError && !board ? (
        <LoadError title={t.loadFailed} message={query.error.message} retryLabel={t.retry} onRetry={() => void query.refetch()} />
      ) : board ? (
        <div className={cn('flex min-w-0 flex-col gap-5', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isPlaceholderData}>
          {board.loads.length === 0 && (
            <div className="order-first flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-white px-4 py-4 text-sm text-muted-foreground">
              <span>{format(filtered ? t.emptyFiltered : t.empty, range)}</span>
              {filtered && (
                <Button variant="outline" size="sm" onClick={() => update({ customerId: '', driverId: '' })}>
                  {t.clearFilters}
                </Button>
              )}
            </div>
          )}
          <StatusColumns loads={board.loads} {...cardProps} />
          <div className="hidden min-w-0 md:block" data-testid="dispatch-week">
            <h2 className="sr-only">{t.week.title}</h2>
            <WeekTimeline
              rows={timelineRows(board, columns, params.rows, params.driverId)}
              columns={columns}
              zone={board.time_zone}
              by={params.rows}
              todayIndex={todayIndex}
              onDropLoad={onDropLoad}
            />
          </div>
          {dayColumn && (
            // On a phone the day's loads come first, before the stacked columns.
            <div className="order-first min-w-0 md:hidden" data-testid="dispatch-day">
              <DayList day={dayColumn.date} loads={loadsOfDay(board.loads, dayColumn)} onStep={stepDay} {...cardProps} />
            </div>
          )}
        </div>
      ) : null}

      <AssignDialog
        loadId={params.assign}
        load={dialogLoad ?? single.data}
        loadState={{ pending: single.isPending, error: single.error, retry: () => void single.refetch() }}
        board={board}
        zone={zone}
        preset={preset}
        onClose={() => {
          setPreset({})
          update({ assign: '' })
        }}
      />
    </div>
  )
}

export default DispatchPage

interface ToolbarProps {
  from: string
  range: string
  zone: string
  today: string
  rows: RowsBy
  onWeek: (from: string) => void
  onRows: (rows: RowsBy) => void
  customerId: string
  driverId: string
  customers: { id: string; name: string }[]
  drivers: { id: string; name: string }[]
  onFilter: (changes: { customerId?: string; driverId?: string }) => void
}

function Toolbar({ from, range, zone, today, rows, onWeek, onRows, customerId, driverId, customers, drivers, onFilter }: ToolbarProps) {
  return (
    <div className="flex min-w-0 flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-border bg-white p-3 shadow-sm">
      <div className="flex min-w-0 flex-wrap items-end gap-2">
        <Button variant="outline" size="icon" onClick={() => onWeek(shiftDate(from, -DAYS))} aria-label={t.week.previous}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <div className="space-y-1">
          <Label htmlFor="dispatch-from">{t.week.date}</Label>
          <Input
            id="dispatch-from"
            type="date"
            className="w-40"
            value={from}
            onChange={(event) => isDate(event.target.value) && onWeek(event.target.value)}
          />
        </div>
        <Button variant="outline" size="icon" onClick={() => onWeek(shiftDate(from, DAYS))} aria-label={t.week.next}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="outline" onClick={() => onWeek(today)} disabled={from === today}>
          <CalendarDays className="h-4 w-4" aria-hidden />
          {t.week.today}
        </Button>
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-medium text-ink">{range}</span>
        <span className="text-xs text-muted-foreground">{format(t.week.zone, { zone: `${zoneName(zone)} (${zone})` })}</span>
      </div>
      <div role="group" aria-label={t.week.rowsBy} className="hidden gap-1 md:flex">
        {(['driver', 'truck'] as const).map((by) => (
          <Button key={by} size="sm" variant={rows === by ? 'primary' : 'outline'} aria-pressed={rows === by} onClick={() => onRows(by)}>
            {by === 'driver' ? t.week.byDriver : t.week.byTruck}
          </Button>
        ))}
      </div>
      <div role="group" aria-label={t.filters.label} className="flex min-w-0 flex-wrap gap-3 md:ml-auto">
        <div className="w-full space-y-1 sm:w-48">
          <Label htmlFor="dispatch-customer">{t.filters.customer}</Label>
          <NativeSelect id="dispatch-customer" value={customerId} onChange={(event) => onFilter({ customerId: event.target.value })}>
            <option value="">{t.filters.anyCustomer}</option>
            {customers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-full space-y-1 sm:w-48">
          <Label htmlFor="dispatch-driver">{t.filters.driver}</Label>
          <NativeSelect id="dispatch-driver" value={driverId} onChange={(event) => onFilter({ driverId: event.target.value })}>
            <option value="">{t.filters.anyDriver}</option>
            {drivers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  )
}
