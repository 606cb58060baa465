import { afterEach, describe, expect, it, vi } from 'vitest'
import { dateToDay, dayToDate, fileSizeKb, rangeLabel, tableDate } from './document-dates'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('document dates', () => {
  it.each(['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati'])('shows a stored day as that day in %s', (tz) => {
    // Node reads TZ again when it changes.
    vi.stubEnv('TZ', tz)
    // What the naive parse would do: UTC midnight, the day before west of UTC.
    expect(new Date('2025-01-05').getDate()).toBe(tz === 'America/Los_Angeles' ? 4 : 5)
    expect(tableDate('2025-01-05')).toBe('Jan 5, 2025')
    expect(dateToDay(dayToDate('2025-01-05'))).toBe('2025-01-05')
    expect(rangeLabel('2025-01-05', '2025-02-03')).toBe('January 5, 2025 - February 3, 2025')
  })

  it('shows a dash for no date and the range picker one or both ends', () => {
    expect(tableDate(null)).toBe('—')
    expect(rangeLabel(null, null)).toBeNull()
    expect(rangeLabel('2025-01-05', null)).toBe('January 5, 2025')
    expect(rangeLabel('2025-01-05', '2025-01-05')).toBe('January 5, 2025')
  })

  it('gives the size in KB with one decimal', () => {
    expect(fileSizeKb(12_595)).toBe('12.3 KB')
    expect(fileSizeKb(0)).toBe('0.0 KB')
  })
})
