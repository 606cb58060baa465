import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  endOfMonth,
  format as formatDate,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns'
import { shortDate } from '@/lib/dates'
import { format, texts } from '@/lib/texts'

const r = texts.compliance.relative
const m = texts.compliance.reminders

const ISO_DAY = 'yyyy-MM-dd'

/** Days from `today` to `dueOn` (both 'yyyy-MM-dd'): negative once it has passed. */
export function daysUntil(dueOn: string, today: string): number {
  return differenceInCalendarDays(parseISO(dueOn), parseISO(today))
}

/** 'Due today', 'in 5 days', '3 days overdue'. */
export function relativeDue(dueOn: string, today: string): string {
  const days = daysUntil(dueOn, today)
  if (Number.isNaN(days)) return ''
  if (days === 0) return r.today
  if (days === 1) return r.inOne
  if (days > 1) return format(r.inMany, { count: days })
  if (days === -1) return r.overdueOne
  return format(r.overdueMany, { count: -days })
}

/** The reminder day's label: 0 → 'On the day it lapses', 90 → '90 days before'. */
export function thresholdLabel(days: number): string {
  if (days === 0) return m.thresholdZero
  if (days === 1) return m.thresholdOne
  return format(m.thresholdMany, { count: days })
}

/** Today in the browser's calendar, 'yyyy-MM-dd'. */
export const todayIso = (now = new Date()) => formatDate(now, ISO_DAY)

/** The month a day lies in, 'yyyy-MM'. */
export const monthOf = (day: string) => day.slice(0, 7)

const monthStart = (month: string) => parseISO(`${month}-01`)

/** The month's first and last day, as the items endpoint's from and to. */
export function monthRange(month: string): { from: string; to: string } {
  const start = monthStart(month)
  return { from: formatDate(start, ISO_DAY), to: formatDate(endOfMonth(start), ISO_DAY) }
}

/** 'March 2025'. */
export const monthLabel = (month: string) => formatDate(monthStart(month), 'MMMM yyyy')

/** The month `delta` months away, 'yyyy-MM'. */
export const shiftMonth = (month: string, delta: number) => formatDate(addMonths(monthStart(month), delta), 'yyyy-MM')

/** The month's weeks, Sunday first, as 'yyyy-MM-dd' days (with the neighbouring months' days that fill them). */
export function monthWeeks(month: string): string[][] {
  const start = startOfMonth(monthStart(month))
  const end = endOfMonth(start)
  const weeks: string[][] = []
  for (let day = startOfWeek(start); day <= end; ) {
    const week: string[] = []
    for (let i = 0; i < 7; i += 1) {
      week.push(formatDate(day, ISO_DAY))
      day = addDays(day, 1)
    }
    weeks.push(week)
  }
  return weeks
}

/** 'Mon', 'Tue'… from Sunday. */
export function weekdayNames(length: 'short' | 'long' = 'short'): string[] {
  const sunday = startOfWeek(new Date(2025, 0, 5))
  return Array.from({ length: 7 }, (_, i) => formatDate(addDays(sunday, i), length === 'short' ? 'EEE' : 'EEEE'))
}

function parsed(day: string): Date | null {
  const date = parseISO(day)
  return isValid(date) ? date : null
}

/** 'Mar 5, 2025' (the spec's table dates). */
export const shortDay = (day: string) => shortDate(day) ?? day

/** 'Wednesday, March 5, 2025'. */
export const longDay = (day: string) => {
  const date = parsed(day)
  return date ? formatDate(date, 'EEEE, MMMM d, yyyy') : day
}

/** 'Wed, Mar 5': a day of the phone's month list. */
export const listDay = (day: string) => {
  const date = parsed(day)
  return date ? formatDate(date, 'EEE, MMM d') : day
}

/** The day of the month, '5'. */
export const dayOfMonth = (day: string) => String(Number(day.slice(8, 10)))
