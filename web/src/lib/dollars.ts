/** Dollars as typed: "1250", "1,250.5", "$1250.50". */
const DOLLARS = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$/

/** Whether `text` is an amount in dollars with at most two decimals (blank counts as valid: no amount). */
export function isDollars(text: string): boolean {
  const trimmed = text.trim()
  return trimmed === '' || DOLLARS.test(trimmed)
}

/**
 * Dollars as typed to integer cents, without floating point: "1,250.5" →
 * 125050. Null for a blank field; NaN for text that is not an amount.
 */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (!DOLLARS.test(trimmed)) return Number.NaN
  const [whole, fraction = ''] = trimmed.replace(/[$,]/g, '').split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents as an input's dollars: 125050 → "1250.50", 125000 → "1250", null → "". */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return ''
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100)
  const rest = abs % 100
  return rest === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(rest).padStart(2, '0')}`
}

/**
 * Cents as dollars with cents, always: 185000 → "$1,850.00", 9950 → "$99.50",
 * -500 → "-$5.00". Integer arithmetic, so no amount is rounded on the way.
 */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const whole = Math.floor(abs / 100).toLocaleString('en-US')
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`
}
