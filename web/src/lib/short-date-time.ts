const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

/**
 * 'Jan 5, 2025, 3:04 PM' in the browser's time zone; null when there is no
 * date. The platform's formatter (with a plain space before AM/PM, where
 * newer ICU puts a narrow one), not date-fns: the driver portal's offline
 * banner shows it, and date-fns' formatter would weigh on the portal's budget.
 */
export function shortDateTime(value: string | null | undefined): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date).replace(/\u202f/g, ' ')
}
