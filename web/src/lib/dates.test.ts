import { describe, expect, it } from 'vitest'
import { longDate, shortDate } from './dates'

describe('trailer dates', () => {
  it('formats table dates as MMM d, yyyy and the detail date in long US format', () => {
    expect(shortDate('2025-01-05')).toBe('Jan 5, 2025')
    expect(shortDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025')
    expect(longDate('2025-01-05')).toBe('January 5, 2025')
    expect(shortDate(null)).toBeNull()
  })
})
