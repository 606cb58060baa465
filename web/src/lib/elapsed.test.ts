import { describe, expect, it } from 'vitest'
import { elapsed } from './elapsed'

const now = new Date('2026-11-24T12:00:00Z')

describe('elapsed', () => {
  it('names the largest whole unit', () => {
    expect(elapsed('2026-11-24T10:00:00Z', now)).toBe('2 hours')
    expect(elapsed('2026-11-24T11:00:00Z', now)).toBe('1 hour')
    expect(elapsed('2026-11-24T11:15:30Z', now)).toBe('44 minutes')
    expect(elapsed('2026-11-21T11:00:00Z', now)).toBe('3 days')
  })

  it('reads less than a minute, and a time ahead of ours, as 1 minute', () => {
    expect(elapsed('2026-11-24T11:59:40Z', now)).toBe('1 minute')
    expect(elapsed('2026-11-24T12:05:00Z', now)).toBe('1 minute')
  })

  it('is null without a time', () => {
    expect(elapsed(null, now)).toBeNull()
    expect(elapsed('not a date', now)).toBeNull()
  })
})
