let dateTime: Intl.DateTimeFormat | undefined

/**
 * 'Jan 5, 2025, 3:04 PM' in the browser's time zone; null when there is no
 * date. The platform's formatter (with a plain space before AM/PM, where
 * newer ICU puts a narrow one), not date-fns: the driver portal's offline
 * banner shows it, and date-fns' formatter would weigh on the portal's
 * budget. Made on first use: a page's first Intl formatter costs 100–200 ms
 * on a slow phone (ICU's data), which no screen should pay before it needs it.
 */
export function shortDateTime(value: string | null | undefined): string | null {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  dateTime ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
  return dateTime.format(date).replace(/\u202f/g, ' ')
}
