import { describe, expect, it } from 'vitest'
import { longDate, shortDate, shortDateTime, unixShortDate } from './dates'

describe('trailer dates', () => {
  it('formats table dates as MMM d, yyyy and the detail date in long US format', () => {
    expect(shortDate('2025-01-05')).toBe('Jan 5, 2025')
    expect(shortDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025')
    expect(longDate('2025-01-05')).toBe('January 5, 2025')
    expect(shortDate(null)).toBeNull()
  })
})

describe('date and time', () => {
  it('formats like Jan 5, 2025, 3:04 PM', () => {
    expect(shortDateTime('2025-01-05T15:04:00')).toBe('Jan 5, 2025, 3:04 PM')
    expect(shortDateTime('2025-01-05T09:30:00')).toBe('Jan 5, 2025, 9:30 AM')
    expect(shortDateTime(null)).toBeNull()
  })
})

describe('unix dates', () => {
  it('formats Stripe timestamps (seconds) like Jan 5, 2025', () => {
    // Noon UTC: the same calendar day in every time zone the tests run in.
    expect(unixShortDate(1736078400)).toBe('Jan 5, 2025')
    expect(unixShortDate(0 + 12 * 3600)).toBe('Jan 1, 1970')
    expect(unixShortDate(null)).toBeNull()
    expect(unixShortDate(undefined)).toBeNull()
    expect(unixShortDate(Number.NaN)).toBeNull()
  })
})
