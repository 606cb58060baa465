const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
})

/** Cents as US dollars without needless decimals: 129900 → "$1,299", 9950 → "$99.50". */
export function formatCents(cents: number): string {
  const whole = cents % 100 === 0
  return whole
    ? dollars.format(cents / 100)
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}
