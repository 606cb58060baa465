import { Truck as TruckIcon } from 'lucide-react'
import type { DragEvent, KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { driverResponseBadge } from '../driver-response'
import type { DispatchLoad } from './api'
import { canAssign, canDispatch } from './board-model'
import { crewText, laneText, LOAD_DRAG_TYPE, type Names } from './load-display'
import { whenIn } from './timeline'

const t = texts.loads.dispatch

export interface LoadCardProps {
  load: DispatchLoad
  zone: string
  names: Names
  onAssign: (load: DispatchLoad) => void
  onDispatch: (load: DispatchLoad) => void
  /** The load being dispatched right now. */
  dispatching?: boolean
  className?: string
}

/**
 * A load on the board: focusable (Enter opens the load's page), its PRO a
 * link to it, with Assign (and Dispatch once planned). An assignable card
 * can be dragged onto a row of the week timeline.
 */
export function LoadCard({ load, zone, names, onAssign, onDispatch, dispatching, className }: LoadCardProps) {
  const navigate = useNavigate()
  const href = fleetRoutes.load(load.id)
  const assignable = canAssign(load.status)
  const crew = crewText(load, names)
  const status = t.status[load.status] ?? load.status
  const response = driverResponseBadge(load.driver_response, load.decline_reason)

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Enter' && event.target === event.currentTarget) void navigate(href)
  }
  function onDragStart(event: DragEvent<HTMLElement>) {
    event.dataTransfer.setData(LOAD_DRAG_TYPE, load.id)
    event.dataTransfer.setData('text/plain', load.id)
    event.dataTransfer.effectAllowed = 'move'
  }

  return (
    <article
      tabIndex={0}
      aria-label={format(t.card.label, { pro: load.pro_number, customer: load.customer_name, lane: laneText(load) })}
      onKeyDown={onKeyDown}
      draggable={assignable}
      onDragStart={assignable ? onDragStart : undefined}
      title={assignable ? t.card.dragHint : undefined}
      className={cn(
        'min-w-0 space-y-1.5 rounded-lg border border-border bg-white p-3 text-sm shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        assignable && 'cursor-grab active:cursor-grabbing',
        className,
      )}
      data-load-id={load.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={href} className="font-semibold text-primary underline-offset-4 hover:underline">
          {format(t.card.pro, { pro: load.pro_number })}
        </Link>
        <Badge variant="outline">{status}</Badge>
      </div>
      {response && (
        <Badge variant={response.variant} className="max-w-full break-words whitespace-normal">
          {response.text}
        </Badge>
      )}
      <p className="truncate font-medium text-ink">{load.customer_name}</p>
      <p className="break-words text-muted-foreground">{laneText(load)}</p>
      <p className="text-muted-foreground">
        {format(t.card.pickup, { time: whenIn(load.first_pickup_at, zone) })}
      </p>
      <p className={cn('break-words', crew ? 'text-ink' : 'text-muted-foreground italic')}>{crew ?? t.card.noDriver}</p>
      {load.truck_id && (
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <TruckIcon className="h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="sr-only">{t.card.truck}</span>
          {names.truck(load.truck_id)}
        </p>
      )}
      {(assignable || canDispatch(load)) && (
        <div className="flex flex-wrap gap-2 pt-1">
          {assignable && (
            <Button
              size="sm"
              variant={load.status === 'planned' ? 'outline' : 'primary'}
              onClick={() => onAssign(load)}
              aria-label={format(t.card.assignLabel, { pro: load.pro_number })}
            >
              {t.card.assign}
            </Button>
          )}
          {canDispatch(load) && (
            <Button
              size="sm"
              onClick={() => onDispatch(load)}
              disabled={dispatching}
              aria-label={format(t.card.dispatchLabel, { pro: load.pro_number })}
            >
              {t.card.dispatch}
            </Button>
          )}
        </div>
      )}
    </article>
  )
}
