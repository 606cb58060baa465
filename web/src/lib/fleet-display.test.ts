import { describe, expect, it } from 'vitest'
import { trailerStatusLabel } from './fleet-display'

describe('trailerStatusLabel', () => {
  it.each([
    ['active', 'Active'],
    ['maintenance', 'Maintenance'],
    ['out_of_service', 'Out of Service'],
    ['IN_SHOP', 'In Shop'],
    ['', '-'],
    [null, '-'],
  ])('%s → %s', (status, label) => {
    expect(trailerStatusLabel(status)).toBe(label)
  })
})
