import { subMonths } from 'date-fns'
import { CalendarDays } from 'lucide-react'
import { useState } from 'react'
import type { DateRange } from 'react-day-picker'
import { Button } from '@/components/ui/button'
import { Calendar } from '@/components/ui/calendar'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
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

/**
 * The upload-date filter: two months side by side (stacked on a phone). The
 * first click starts a range, the second ends it and closes the picker.
 */
export function DateRangePicker({ from, to, onChange, className }: DateRangePickerProps) {
  const [open, setOpen] = useState(false)
  const selected: DateRange | undefined = from || to ? { from: dayToDate(from), to: dayToDate(to) } : undefined
  const label = rangeLabel(from, to)

  const select = (range: DateRange | undefined) => {
    onChange({ from: dateToDay(range?.from), to: dateToDay(range?.to) })
    if (range?.from && range.to) setOpen(false)
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
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
        <Calendar
          mode="range"
          numberOfMonths={2}
          resetOnSelect
          // Uploads lie in the past: with no range, last month and this one show.
          defaultMonth={selected?.from ?? selected?.to ?? subMonths(new Date(), 1)}
          selected={selected}
          onSelect={select}
        />
      </PopoverContent>
    </Popover>
  )
}
