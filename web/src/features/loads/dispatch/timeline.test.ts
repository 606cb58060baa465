import { describe, expect, it } from 'vitest'
import { dayColumns, formatIn, placeSpan, shiftDate, stackLanes, todayIn, whenIn } from './timeline'

const HOUR = 3_600_000

describe('dayColumns', () => {
  it('starts each column at midnight of the fleet zone', () => {
    const days = dayColumns('2026-11-28', 7, 'America/Chicago')
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ])
    // Chicago is UTC-6 in winter: its midnight is 06:00 UTC.
    expect(new Date(days[0].start).toISOString()).toBe('2026-11-28T06:00:00.000Z')
    expect(days[0].end).toBe(days[1].start)
  })

  it('gives the day the clocks fall back 25 hours and the day they spring forward 23', () => {
    const fall = dayColumns('2026-10-31', 3, 'America/Chicago')
    expect(fall.map((d) => (d.end - d.start) / HOUR)).toEqual([24, 25, 24])
    const spring = dayColumns('2026-03-07', 3, 'America/New_York')
    expect(spring.map((d) => (d.end - d.start) / HOUR)).toEqual([24, 23, 24])
  })
})

describe('placeSpan', () => {
  const chicago = dayColumns('2026-11-28', 7, 'America/Chicago')

  it('puts a load on the days of the fleet zone, not UTC', () => {
    // 05:30 UTC on the 28th is 23:30 on the 27th in Chicago (outside the
    // week) but 00:30 on the 28th in New York (its first day).
    const pickup = '2026-11-28T05:30:00Z'
    const delivery = '2026-11-28T05:45:00Z'
    expect(placeSpan(pickup, delivery, chicago)).toBeNull()
    const newYork = dayColumns('2026-11-28', 7, 'America/New_York')
    expect(placeSpan(pickup, delivery, newYork)).toEqual({
      start: 0,
      span: 1,
      continuesBefore: false,
      continuesAfter: false,
    })
  })

  it('covers every day from the first pickup to the last delivery', () => {
    // Sun 29th 08:00 CST → Tue 1st 17:00 CST.
    expect(placeSpan('2026-11-29T14:00:00Z', '2026-12-01T23:00:00Z', chicago)).toEqual({
      start: 1,
      span: 3,
      continuesBefore: false,
      continuesAfter: false,
    })
  })

  it('ends a bar on the day of a delivery just before midnight', () => {
    // Delivered at 23:59 CST on the 30th: the bar ends on the 30th.
    expect(placeSpan('2026-11-29T14:00:00Z', '2026-12-01T05:59:00Z', chicago)?.span).toBe(2)
  })

  it('clips a span that starts before the week or ends after it', () => {
    expect(placeSpan('2026-11-26T14:00:00Z', '2026-11-28T20:00:00Z', chicago)).toEqual({
      start: 0,
      span: 1,
      continuesBefore: true,
      continuesAfter: false,
    })
    expect(placeSpan('2026-12-04T14:00:00Z', '2026-12-06T20:00:00Z', chicago)).toEqual({
      start: 6,
      span: 1,
      continuesBefore: false,
      continuesAfter: true,
    })
    expect(placeSpan('2026-11-20T14:00:00Z', '2026-12-20T20:00:00Z', chicago)).toEqual({
      start: 0,
      span: 7,
      continuesBefore: true,
      continuesAfter: true,
    })
  })

  it('leaves out a span wholly before or after the week', () => {
    expect(placeSpan('2026-11-20T14:00:00Z', '2026-11-21T14:00:00Z', chicago)).toBeNull()
    expect(placeSpan('2026-12-05T06:00:00Z', '2026-12-06T14:00:00Z', chicago)).toBeNull()
  })

  it('draws a delivery before its pickup at the pickup', () => {
    expect(placeSpan('2026-11-30T14:00:00Z', '2026-11-29T14:00:00Z', chicago)).toMatchObject({ start: 2, span: 1 })
  })

  it('ignores a span it cannot read', () => {
    expect(placeSpan('', '2026-11-29T14:00:00Z', chicago)).toBeNull()
    expect(placeSpan('2026-11-29T14:00:00Z', '2026-11-29T15:00:00Z', [])).toBeNull()
  })
})

describe('stackLanes', () => {
  it('puts overlapping bars on separate lanes and reuses a lane once free', () => {
    const bars = [
      { start: 0, span: 2 },
      { start: 1, span: 2 },
      { start: 2, span: 1 },
      { start: 3, span: 1 },
    ]
    expect(stackLanes(bars)).toEqual([0, 1, 0, 0])
  })

  it('answers in the bars order whatever their order', () => {
    expect(stackLanes([{ start: 3, span: 1 }, { start: 0, span: 4 }])).toEqual([1, 0])
  })
})

describe('dates', () => {
  it("takes today from the fleet's clock", () => {
    const now = new Date('2026-11-28T04:00:00Z')
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-27')
    expect(todayIn('America/New_York', now)).toBe('2026-11-27')
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-28')
  })

  it('steps calendar dates over months and years', () => {
    expect(shiftDate('2026-11-28', 7)).toBe('2026-12-05')
    expect(shiftDate('2026-12-29', 7)).toBe('2027-01-05')
    expect(shiftDate('2026-03-02', -7)).toBe('2026-02-23')
  })

  it('formats an instant on the zone clock', () => {
    expect(formatIn('2026-11-29T14:00:00Z', 'America/Chicago', 'EEE MMM d, h:mm a')).toBe('Sun Nov 29, 8:00 AM')
    expect(whenIn('2026-07-01T14:00:00Z', 'America/Chicago')).toBe('Wed Jul 1, 9:00 AM CDT')
  })
})
