import { subMonths } from 'date-fns'
import { CalendarDays } from 'lucide-react'
import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react'
import type { DateRange } from 'react-day-picker'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { texts } from '@/lib/texts'
import { dateToDay, dayToDate, rangeLabel } from './document-dates'

export interface DateRangePickerProps {
  from: string | null
  to: string | null
  /** A new range of 'YYYY-MM-DD' days; both null when cleared. */
  onChange: (range: { from: string | null; to: string | null }) => void
  className?: string
}

// The calendar (react-day-picker and its styles, a third of the documents
// screen's JavaScript) loads when the picker first opens, not with the screen.
const Calendar = lazy(() => import('@/components/ui/calendar').then(({ Calendar }) => ({ default: Calendar })))

/** Two months fit side by side from Tailwind's sm width up. */
const TWO_MONTHS = '(min-width: 640px)'

function useTwoMonths(): boolean {
  const subscribe = useCallback((notify: () => void) => {
    const list = window.matchMedia?.(TWO_MONTHS)
    list?.addEventListener('change', notify)
    return () => list?.removeEventListener('change', notify)
  }, [])
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(TWO_MONTHS).matches ?? true)
}

/**
 * The upload-date filter: two months side by side, one on a phone (two
 * stacked would not fit the screen and hid the second's end in a scroll box).
 * The first click starts a range, the second ends it and closes the picker.
 */
export function DateRangePicker({ from, to, onChange, className }: DateRangePickerProps) {
  const [open, setOpen] = useState(false)
  // The range being picked, ahead of the URL: the second click can come before
  // the first one's navigation has rendered, and must end the range the first
  // one started rather than start it again.
  const [picking, setPicking] = useState<{ range: DateRange | undefined } | null>(null)
  const twoMonths = useTwoMonths()
  const fromUrl: DateRange | undefined = from || to ? { from: dayToDate(from), to: dayToDate(to) } : undefined
  const selected = picking ? picking.range : fromUrl
  const label = rangeLabel(from, to)

  const select = (range: DateRange | undefined) => {
    const done = Boolean(range?.from && range.to)
    setPicking(done ? null : { range })
    onChange({ from: dateToDay(range?.from), to: dateToDay(range?.to) })
    if (done) setOpen(false)
  }

  const openChange = (next: boolean) => {
    setOpen(next)
    if (!next) setPicking(null)
  }

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className={cn('min-w-0 justify-start text-left font-normal', !label && 'text-muted-foreground', className)}
          data-testid="date-range-button"
        >
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">{label ?? texts.documents.dateRange}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-2!">
        <Suspense
          fallback={
            <div className="flex h-72 w-64 items-center justify-center">
              <Spinner />
            </div>
          }
        >
          <Calendar
            mode="range"
            numberOfMonths={twoMonths ? 2 : 1}
            resetOnSelect
            // Uploads lie in the past: with no range, last month and this one show (this one alone on a phone).
            defaultMonth={selected?.from ?? selected?.to ?? (twoMonths ? subMonths(new Date(), 1) : new Date())}
            selected={selected}
            onSelect={select}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  )
}
