import { useState, type DragEvent } from 'react'
import { Link } from 'react-router'
import { cn } from '@/lib/cn'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import type { TimelineRow } from './board-model'
import { LOAD_DRAG_TYPE, laneText } from './load-display'
import { formatDate, whenIn, type DayColumn } from './timeline'

const t = texts.loads.dispatch

export interface WeekTimelineProps {
  rows: TimelineRow[]
  columns: DayColumn[]
  zone: string
  by: 'driver' | 'truck'
  /** The column of today in the fleet's zone, when the week has it. */
  todayIndex: number
  /** A card dropped on a row: the dialog opens with that driver (or truck) chosen. */
  onDropLoad?: (loadId: string, rowId: string) => void
}

const BAR_TONE: Record<string, string> = {
  planned: 'bg-blue-100 text-blue-900 border-blue-300',
  dispatched: 'bg-indigo-100 text-indigo-900 border-indigo-300',
  delivered: 'bg-green-100 text-green-900 border-green-300',
}
const IN_TRANSIT = 'bg-amber-100 text-amber-900 border-amber-300'

/**
 * The week as rows of drivers (or trucks) and seven day columns of the
 * fleet's zone; each assigned load a bar from its first pickup's day to its
 * last delivery's. It scrolls sideways inside its own box when narrow.
 */
export function WeekTimeline({ rows, columns, zone, by, todayIndex, onDropLoad }: WeekTimelineProps) {
  const [over, setOver] = useState<string | null>(null)
  const grid = { gridTemplateColumns: `9rem repeat(${columns.length}, minmax(0, 1fr))` }

  function dropProps(rowId: string) {
    if (!onDropLoad) return {}
    const accepts = (event: DragEvent) => event.dataTransfer.types.includes(LOAD_DRAG_TYPE)
    return {
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setOver(rowId)
      },
      onDragLeave: () => setOver((current) => (current === rowId ? null : current)),
      onDrop: (event: DragEvent) => {
        const id = event.dataTransfer.getData(LOAD_DRAG_TYPE)
        setOver(null)
        if (!id) return
        event.preventDefault()
        onDropLoad(id, rowId)
      },
    }
  }

  return (
    <div className="min-w-0 overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <div className="min-w-[46rem]">
        <div className="grid border-b border-border text-xs font-semibold text-muted-foreground" style={grid}>
          <div className="px-3 py-2">{by === 'driver' ? t.week.driverHeader : t.week.truckHeader}</div>
          {columns.map((day, i) => (
            <div
              key={day.date}
              className={cn('border-l border-border px-2 py-2', i === todayIndex && 'bg-primary/10 text-primary')}
            >
              {formatDate(day.date, 'EEE MMM d')}
            </div>
          ))}
        </div>
        {rows.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t.week.noLoads}</p>
        ) : (
          <ul>
            {rows.map((row) => (
              <li
                key={row.id}
                aria-label={row.active ? row.name : format(t.assign.inactive, { name: row.name })}
                className={cn('grid border-b border-border last:border-b-0', over === row.id && 'bg-primary/5 outline-2 -outline-offset-2 outline-primary')}
                style={grid}
                {...dropProps(row.id)}
              >
                <div className={cn('truncate px-3 py-2 text-sm font-medium', row.active ? 'text-ink' : 'text-muted-foreground')}>
                  {row.name}
                  {over === row.id && <span className="sr-only">{format(t.week.dropHere, { name: row.name })}</span>}
                </div>
                <div
                  className="relative grid gap-y-1 py-1.5"
                  style={{
                    gridColumn: `2 / span ${columns.length}`,
                    gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`,
                    gridTemplateRows: `repeat(${row.lanes}, 1.75rem)`,
                  }}
                >
                  {columns.map((day, i) => (
                    <span
                      key={day.date}
                      aria-hidden
                      className={cn('border-l border-border', i === todayIndex && 'bg-primary/5')}
                      style={{ gridColumn: i + 1, gridRow: `1 / span ${row.lanes}` }}
                    />
                  ))}
                  {row.bars.map(({ load, placement, lane }) => (
                    <Link
                      key={load.id}
                      to={fleetRoutes.load(load.id)}
                      aria-label={format(t.week.barLabel, {
                        pro: load.pro_number,
                        customer: load.customer_name,
                        lane: laneText(load),
                        from: whenIn(load.first_pickup_at, zone),
                        to: whenIn(load.last_delivery_at, zone),
                      })}
                      className={cn(
                        'z-10 mx-0.5 truncate rounded-md border px-2 text-xs leading-[1.625rem] font-medium',
                        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                        BAR_TONE[load.status] ?? IN_TRANSIT,
                        placement.continuesBefore && 'rounded-l-none border-l-0',
                        placement.continuesAfter && 'rounded-r-none border-r-0',
                      )}
                      style={{ gridColumn: `${placement.start + 1} / span ${placement.span}`, gridRow: lane + 1 }}
                      data-bar-load={load.id}
                    >
                      {format(t.card.pro, { pro: load.pro_number })} · {load.customer_name}
                    </Link>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
