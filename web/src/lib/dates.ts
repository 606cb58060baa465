import { format as formatDate, isValid, parseISO } from 'date-fns'

function parse(value: string): Date | null {
  const date = parseISO(value)
  return isValid(date) ? date : null
}

/** 'Jan 5, 2025' (spec §9: trailer and table dates, 'MMM d, yyyy'); null when there is no date. */
export function shortDate(value: string | null | undefined): string | null {
  if (!value) return null
  const date = parse(value)
  return date ? formatDate(date, 'MMM d, yyyy') : value
}

/** 'January 5, 2025' (spec §9: the trailer detail's assigned date in long US format). */
export function longDate(value: string | null | undefined): string | null {
  if (!value) return null
  const date = parse(value)
  return date ? formatDate(date, 'MMMM d, yyyy') : value
}

// 'Jan 5, 2025, 3:04 PM': its own module, with no date-fns (the driver portal's budget).
export { shortDateTime } from './short-date-time'

/** Unix seconds (Stripe's timestamps) as 'Jan 5, 2025'; null when there is none. */
export function unixShortDate(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null
  return formatDate(new Date(seconds * 1000), 'MMM d, yyyy')
}
