import { describe, expect, it } from 'vitest'
import { centsToDollars, dollarsToCents, formatDollars, isDollars } from './money'

describe('dollars typed in the form and cents on the wire', () => {
  it('turns dollars as typed into integer cents without floating-point drift', () => {
    expect(dollarsToCents('1250')).toBe(125000)
    expect(dollarsToCents('1,250.5')).toBe(125050)
    expect(dollarsToCents('$1,250.05')).toBe(125005)
    expect(dollarsToCents('0.29')).toBe(29)
    expect(dollarsToCents('1.10')).toBe(110)
    expect(dollarsToCents('19.99')).toBe(1999)
    expect(dollarsToCents(' 75 ')).toBe(7500)
    expect(dollarsToCents('12.')).toBe(1200)
  })

  it('leaves a blank field without an amount and refuses what is not one', () => {
    expect(dollarsToCents('')).toBeNull()
    expect(dollarsToCents('   ')).toBeNull()
    for (const bad of ['abc', '-5', '1.234', '1,25', '12,3456', '1e3']) {
      expect(dollarsToCents(bad), bad).toBeNaN()
      expect(isDollars(bad), bad).toBe(false)
    }
    expect(isDollars('')).toBe(true)
    expect(isDollars('2,500.00')).toBe(true)
  })

  it('shows cents as the dollars an input holds, and back again', () => {
    expect(centsToDollars(125050)).toBe('1250.50')
    expect(centsToDollars(125000)).toBe('1250')
    expect(centsToDollars(5)).toBe('0.05')
    expect(centsToDollars(0)).toBe('0')
    expect(centsToDollars(null)).toBe('')
    expect(centsToDollars(undefined)).toBe('')
    for (const cents of [0, 1, 99, 100, 101, 123456789]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents)
    }
  })

  it('shows an amount on the load page as dollars with cents', () => {
    expect(formatDollars(185000)).toBe('$1,850.00')
    expect(formatDollars(9950)).toBe('$99.50')
    expect(formatDollars(5)).toBe('$0.05')
    expect(formatDollars(0)).toBe('$0.00')
    expect(formatDollars(123456789)).toBe('$1,234,567.89')
    expect(formatDollars(-500)).toBe('-$5.00')
  })
})
