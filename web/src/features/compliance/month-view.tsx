import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import type { CalendarRequest, ComplianceItem } from './api/calendar-api'
import { useMonthItems } from './api/calendar-queries'
import {
  dayOfMonth,
  listDay,
  longDay,
  monthLabel,
  monthOf,
  monthRange,
  monthWeeks,
  shiftMonth,
  todayIso,
  weekdayNames,
} from './due-dates'
import type { AssetFilter } from './filter-params'
import { kindLabel, styleOf } from './group-styles'
import { ButtonSpinner } from './item-parts'
import { ItemCards, ItemTable } from './item-table'
import { useWideScreen } from './use-media-query'

const l = texts.compliance.list
const m = texts.compliance.month

/** Items shown in a day's cell; the rest behind '+N more'. */
const PER_CELL = 3
/**
 * A day's items shown at first in the day's panel and in the phone's list,
 * then 50 more a press: a fleet's registrations often share one date.
 */
const PANEL_FIRST = 50
const PHONE_FIRST = 5
const STEP = 50

export interface MonthViewProps {
  request: CalendarRequest
  /** 'yyyy-MM'. */
  month: string
  onMonth: (month: string) => void
  onShowOnly: (asset: AssetFilter) => void
}

function byDay(items: ComplianceItem[]): Map<string, ComplianceItem[]> {
  const days = new Map<string, ComplianceItem[]>()
  for (const item of items) {
    const day = days.get(item.due_on)
    if (day) day.push(item)
    else days.set(item.due_on, [item])
  }
  return days
}

/**
 * The month view: a 7-column grid from md up (each day's first items and
 * '+N more', which lists the day below the grid), a day-by-day list on
 * phones. The month's items come from /items with its first and last day.
 */
export function MonthView({ request, month, onMonth, onShowOnly }: MonthViewProps) {
  const today = todayIso()
  const { from, to } = monthRange(month)
  const { first: query, more } = useMonthItems(request, from, to)
  useLoadErrorToast(query, l.loadFailed)
  const wide = useWideScreen()
  const [selected, setSelected] = useState<string | null>(null)

  const items = query.data ? [...query.data.items, ...more.items] : []
  const days = byDay(items)
  const thisMonth = monthOf(today)

  let body
  if (query.isError && !query.data) {
    body = <LoadError title={l.loadFailed} message={query.error.message} retryLabel={l.retry} onRetry={() => void query.refetch()} />
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={l.loading} />
      </div>
    )
  } else {
    body = (
      <>
        {items.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="month-empty">
            {format(m.empty, { month: monthLabel(month) })}
          </p>
        )}
        {more.hasMore && (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span>{format(m.capped, { count: items.length })}</span>
            <Button variant="outline" size="sm" disabled={more.isLoading} onClick={() => void more.fetchMore()}>
              {more.isLoading && <ButtonSpinner />}
              {m.loadMore}
            </Button>
          </div>
        )}
        {wide ? (
          <>
            <MonthGrid month={month} today={today} days={days} selected={selected} onSelect={setSelected} />
            {selected && (
              <DayPanel
                day={selected}
                items={days.get(selected) ?? []}
                today={today}
                onShowOnly={onShowOnly}
                onClose={() => setSelected(null)}
              />
            )}
          </>
        ) : (
          items.length > 0 && <DayList days={days} today={today} onShowOnly={onShowOnly} />
        )}
      </>
    )
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label={m.previous} title={m.previous} onClick={() => onMonth(shiftMonth(month, -1))}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <h2 className="min-w-36 px-1 text-center text-lg font-semibold text-ink" aria-live="polite">
            {monthLabel(month)}
          </h2>
          <Button variant="outline" size="icon" aria-label={m.next} title={m.next} onClick={() => onMonth(shiftMonth(month, 1))}>
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <div className="flex items-center gap-2">
          {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" label={l.loading} />}
          <Button variant="outline" size="sm" disabled={month === thisMonth} onClick={() => onMonth(thisMonth)}>
            {m.today}
          </Button>
        </div>
      </div>
      {body}
    </div>
  )
}

interface MonthGridProps {
  month: string
  today: string
  days: Map<string, ComplianceItem[]>
  selected: string | null
  onSelect: (day: string) => void
}

/** Sunday to Saturday; today circled; a day's first three items, then '+N more'. */
function MonthGrid({ month, today, days, selected, onSelect }: MonthGridProps) {
  const short = weekdayNames('short')
  const long = weekdayNames('long')
  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-label={monthLabel(month)}>
      <thead>
        <tr>
          {short.map((name, i) => (
            <th key={name} scope="col" className="pb-1 text-center text-xs font-medium text-muted-foreground">
              <abbr title={long[i]} className="no-underline">
                {name}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const inMonth = monthOf(day) === month
              const isToday = day === today
              const dayItems = inMonth ? (days.get(day) ?? []) : []
              const rest = dayItems.length - PER_CELL
              return (
                <td
                  key={day}
                  data-testid="month-day"
                  data-date={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(
                    'h-28 border border-border p-1 align-top',
                    !inMonth && 'bg-muted/40',
                    isToday && 'bg-primary/5',
                    selected === day && 'outline-2 -outline-offset-2 outline-primary',
                  )}
                >
                  <DayNumber day={day} inMonth={inMonth} isToday={isToday} count={dayItems.length} onSelect={onSelect} />
                  {dayItems.length > 0 && (
                    <ul className="mt-1 space-y-0.5">
                      {dayItems.slice(0, PER_CELL).map((item) => (
                        <li key={item.key}>
                          <Link
                            to={item.link}
                            title={[item.title, item.asset_name ?? kindLabel(item.kind)].join(' · ')}
                            className={cn('block truncate rounded border px-1 text-xs leading-5', styleOf(item.group).chip)}
                          >
                            {item.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                  {rest > 0 && (
                    <button
                      type="button"
                      onClick={() => onSelect(day)}
                      className="mt-0.5 rounded-sm text-xs font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {format(m.more, { count: rest })}
                      <span className="sr-only">, {longDay(day)}</span>
                    </button>
                  )}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function DayNumber({
  day,
  inMonth,
  isToday,
  count,
  onSelect,
}: {
  day: string
  inMonth: boolean
  isToday: boolean
  count: number
  onSelect: (day: string) => void
}) {
  const look = cn(
    'flex h-7 w-7 items-center justify-center rounded-full text-xs',
    isToday ? 'bg-primary font-semibold text-primary-foreground' : inMonth ? 'text-ink' : 'text-muted-foreground/60',
  )
  if (!inMonth) return <span className={look} aria-hidden>{dayOfMonth(day)}</span>
  if (count === 0) {
    return (
      <span className={look}>
        {dayOfMonth(day)}
        {isToday && <span className="sr-only">, {m.todayLabel}</span>}
      </span>
    )
  }
  return (
    <button
      type="button"
      onClick={() => onSelect(day)}
      aria-label={`${format(m.showDay, { date: longDay(day) })}${isToday ? `, ${m.todayLabel}` : ''}`}
      className={cn(look, 'hover:ring-2 hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-primary')}
    >
      {dayOfMonth(day)}
    </button>
  )
}

/** Every item of the day chosen in the grid. */
function DayPanel({
  day,
  items,
  today,
  onShowOnly,
  onClose,
}: {
  day: string
  items: ComplianceItem[]
  today: string
  onShowOnly: (asset: AssetFilter) => void
  onClose: () => void
}) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [day])
  return (
    <section aria-labelledby={headingId} data-testid="month-day-panel" className="rounded-lg border border-border p-3 sm:p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-ink focus-visible:outline-none">
          {format(m.dayItems, { date: longDay(day) })}
        </h3>
        <Button variant="ghost" size="icon" aria-label={m.closeDay} title={m.closeDay} onClick={onClose}>
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{l.groupEmpty}</p>
      ) : (
        <CappedItems key={day} day={day} items={items} first={PANEL_FIRST} today={today} wide onShowOnly={onShowOnly} />
      )}
    </section>
  )
}

/** Phones: the month's days that have items, one after the other. */
function DayList({
  days,
  today,
  onShowOnly,
}: {
  days: Map<string, ComplianceItem[]>
  today: string
  onShowOnly: (asset: AssetFilter) => void
}) {
  return (
    <ol className="space-y-4" data-testid="month-day-list">
      {[...days.entries()].map(([day, items]) => (
        <li key={day} aria-current={day === today ? 'date' : undefined} className="space-y-2">
          <h3 className="flex items-center gap-2 border-b border-border pb-1 text-sm font-semibold text-ink">
            <time dateTime={day}>{listDay(day)}</time>
            {day === today && <Badge variant="default">{m.today}</Badge>}
          </h3>
          <CappedItems day={day} items={items} first={PHONE_FIRST} today={today} wide={false} onShowOnly={onShowOnly} />
        </li>
      ))}
    </ol>
  )
}

/** A day's items, the first `first` of them, then more on request. */
function CappedItems({
  day,
  items,
  first,
  today,
  wide,
  onShowOnly,
}: {
  day: string
  items: ComplianceItem[]
  first: number
  today: string
  wide: boolean
  onShowOnly: (asset: AssetFilter) => void
}) {
  const [shown, setShown] = useState(first)
  const rest = items.length - shown
  const visible = rest > 0 ? items.slice(0, shown) : items
  return (
    <>
      {wide ? (
        <ItemTable items={visible} today={today} onShowOnly={onShowOnly} />
      ) : (
        <ItemCards items={visible} today={today} onShowOnly={onShowOnly} />
      )}
      {rest > 0 && (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => setShown((current) => current + STEP)}>
          {format(m.more, { count: rest })}
          <span className="sr-only">, {longDay(day)}</span>
        </Button>
      )}
    </>
  )
}
