import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import {
  daysUntil,
  longDay,
  monthLabel,
  monthRange,
  monthWeeks,
  relativeDue,
  shiftMonth,
  shortDay,
  thresholdLabel,
  todayIso,
} from './due-dates'

describe('due dates', () => {
  it.each([
    ['2025-03-10', 'Due today'],
    ['2025-03-11', 'in 1 day'],
    ['2025-03-15', 'in 5 days'],
    ['2026-03-10', 'in 365 days'],
    ['2025-03-09', '1 day overdue'],
    ['2025-03-07', '3 days overdue'],
  ])('%s is %s from Mar 10, 2025', (due, phrase) => {
    expect(relativeDue(due, '2025-03-10')).toBe(phrase)
  })

  it('counts calendar days across a month and a daylight-saving change', () => {
    expect(daysUntil('2025-04-01', '2025-03-01')).toBe(31)
    expect(daysUntil('2025-03-10', '2025-03-08')).toBe(2)
  })

  it('labels the reminder days', () => {
    expect(thresholdLabel(90)).toBe('90 days before')
    expect(thresholdLabel(1)).toBe(texts.compliance.reminders.thresholdOne)
    expect(thresholdLabel(0)).toBe('On the day it lapses')
  })

  it('formats days', () => {
    expect(shortDay('2025-03-05')).toBe('Mar 5, 2025')
    expect(longDay('2025-03-05')).toBe('Wednesday, March 5, 2025')
    expect(todayIso(new Date(2025, 2, 5, 23, 59))).toBe('2025-03-05')
  })

  it('works out a month: its range, label, neighbours and Sunday-first weeks', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(monthLabel('2025-03')).toBe('March 2025')
    expect(shiftMonth('2025-01', -1)).toBe('2024-12')
    expect(shiftMonth('2025-12', 1)).toBe('2026-01')
    const weeks = monthWeeks('2025-03')
    expect(weeks).toHaveLength(6)
    expect(weeks[0][0]).toBe('2025-02-23')
    expect(weeks[0][6]).toBe('2025-03-01')
    expect(weeks[5][1]).toBe('2025-03-31')
    expect(weeks.every((week) => week.length === 7)).toBe(true)
    expect(monthWeeks('2026-02')).toHaveLength(4)
  })
})
