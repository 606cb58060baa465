import { describe, expect, it } from 'vitest'
import vectors from '@contracts/zoned-time-vectors.json'
import { dayOnClock, onClock, untilOnClock } from './zoned-time'

// 14:10 UTC is 08:10 in Chicago (CST) and 09:10 in New York (EST) on March 2, 2026.
const instant = '2026-03-02T14:10:00Z'

describe('a stop’s own clock', () => {
  it('shows an instant in the stop’s zone with its abbreviation, whatever the viewer’s', () => {
    expect(onClock(instant, 'America/Chicago')).toBe('Mar 2, 08:10 CST')
    expect(dayOnClock(instant, 'America/Chicago')).toBe('Mon, Mar 2, 08:10 CST')
    // The same zone's formatter serves again; another zone gets its own.
    expect(onClock(instant, 'America/New_York')).toBe('Mar 2, 09:10 EST')
    expect(onClock(instant, 'America/Chicago')).toBe('Mar 2, 08:10 CST')
  })

  it('reads as the server writes it (contracts/zoned-time-vectors.json)', () => {
    expect(vectors.day_on_clock.length).toBeGreaterThan(0)
    for (const { instant, zone, text } of vectors.day_on_clock) expect(dayOnClock(instant, zone), `${instant} in ${zone}`).toBe(text)
  })

  it('ends a window with its time alone on the same day, else with its day', () => {
    expect(untilOnClock(instant, '2026-03-02T20:00:00Z', 'America/Chicago')).toBe('14:00 CST')
    expect(untilOnClock(instant, '2026-03-03T20:00:00Z', 'America/Chicago')).toBe('Tue, Mar 3, 14:00 CST')
    // 05:30 UTC on the 3rd is still the 2nd in Chicago.
    expect(untilOnClock(instant, '2026-03-03T05:30:00Z', 'America/Chicago')).toBe('23:30 CST')
  })
})
