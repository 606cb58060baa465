import { addDays, format, isValid, parse } from 'date-fns'

/** none (no expiration date), expired, expiring_soon or valid: the server's `domain::documents::expiry_status`. */
export type ExpiryStatus = 'none' | 'expired' | 'expiring_soon' | 'valid'

/** Days ahead in which an expiration counts as 'Expiring Soon' (the server's EXPIRING_SOON_DAYS). */
export const EXPIRING_SOON_DAYS = 30

/** Today in the browser's calendar, 'yyyy-MM-dd'. */
export const todayDay = (now = new Date()) => format(now, 'yyyy-MM-dd')

/**
 * A document is valid through its expiration date: expired from the day
 * after, expiring soon from 30 days before up to that day. For screens whose
 * data carries no server-derived status (the driver portal's documents).
 */
export function expiryStatus(expiration: string | null | undefined, today: string = todayDay()): ExpiryStatus {
  if (!expiration) return 'none'
  const start = parse(today, 'yyyy-MM-dd', new Date())
  if (!isValid(start) || !isValid(parse(expiration, 'yyyy-MM-dd', new Date()))) return 'none'
  // 'yyyy-MM-dd' days compare as strings.
  if (expiration < today) return 'expired'
  if (expiration <= format(addDays(start, EXPIRING_SOON_DAYS), 'yyyy-MM-dd')) return 'expiring_soon'
  return 'valid'
}
