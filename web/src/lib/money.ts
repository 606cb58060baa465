// Made on first use, not when the module loads: a page's first
// Intl.NumberFormat loads ICU's locale data (~0.1 s on a throttled phone), and
// most screens that import this never show an amount.
let whole: Intl.NumberFormat | undefined
let exact: Intl.NumberFormat | undefined

/** Cents as US dollars without needless decimals: 129900 → "$1,299", 9950 → "$99.50". */
export function formatCents(cents: number): string {
  const dollars =
    cents % 100 === 0
      ? (whole ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 }))
      : (exact ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))
  return dollars.format(cents / 100)
}
