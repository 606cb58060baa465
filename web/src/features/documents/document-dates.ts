import { format, isValid, parse } from 'date-fns'
import { shortDate } from '@/lib/dates'

/**
 * A 'YYYY-MM-DD' day as a local Date (midnight where the browser is), so
 * Jan 5 stays Jan 5 west of UTC; `new Date('2025-01-05')` would be UTC
 * midnight, which is Jan 4 in the Americas.
 */
export function dayToDate(day: string | null | undefined): Date | undefined {
  if (!day) return undefined
  const date = parse(day, 'yyyy-MM-dd', new Date())
  return isValid(date) ? date : undefined
}

/** The local calendar day of a Date as 'YYYY-MM-DD'. */
export function dateToDay(date: Date | undefined): string | null {
  return date ? format(date, 'yyyy-MM-dd') : null
}

/** 'Jan 5, 2025' for a 'YYYY-MM-DD' day or an RFC 3339 time (its day where the browser is); '—' for none. */
export function tableDate(value: string | null | undefined): string {
  return shortDate(value) ?? '—'
}

/** The range picker's button: 'January 5, 2025 - February 3, 2025' (spec §9: a longer format). */
export function rangeLabel(from: string | null, to: string | null): string | null {
  const long = (day: string | null) => {
    const date = dayToDate(day)
    return date ? format(date, 'MMMM d, yyyy') : null
  }
  const start = long(from)
  const end = long(to)
  if (start && end) return start === end ? start : `${start} - ${end}`
  return start ?? end
}

/** '12.3 KB': the upload dialog's size of the chosen file. */
export function fileSizeKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}
