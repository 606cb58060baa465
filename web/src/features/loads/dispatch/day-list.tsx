import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { texts } from '@/lib/texts'
import type { DispatchLoad } from './api'
import { LoadCard, type LoadCardProps } from './load-card'
import { formatDate } from './timeline'

const t = texts.loads.dispatch

export interface DayListProps extends Omit<LoadCardProps, 'load' | 'className' | 'dispatching'> {
  /** YYYY-MM-DD. */
  day: string
  loads: DispatchLoad[]
  onStep: (days: number) => void
  dispatchingId?: string
}

/** The phone's timeline: one day's loads in pickup order, with a date stepper. */
export function DayList({ day, loads, onStep, dispatchingId, ...card }: DayListProps) {
  return (
    <section aria-labelledby="dispatch-day-title" className="min-w-0 space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" onClick={() => onStep(-1)} aria-label={t.day.previous}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <h2 id="dispatch-day-title" className="text-center text-base font-semibold text-ink" aria-live="polite">
          {formatDate(day, 'EEEE, MMM d')}
        </h2>
        <Button variant="outline" size="icon" onClick={() => onStep(1)} aria-label={t.day.next}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {loads.length === 0 ? (
        <p className="rounded-xl border border-border bg-white px-4 py-8 text-center text-sm text-muted-foreground">
          {t.day.empty}
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {loads.map((load) => (
            <li key={load.id}>
              <LoadCard load={load} {...card} dispatching={dispatchingId === load.id} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
