import { describe, expect, it } from 'vitest'
import { driverResponseBadge, reportedBy } from './driver-response'

const stops = [
  { seq: 0, kind: 'pickup' },
  { seq: 1, kind: 'delivery' },
]

describe('driverResponseBadge', () => {
  it('says who answered and why a load was declined', () => {
    expect(driverResponseBadge(null, null)).toBeNull()
    expect(driverResponseBadge('accepted', null)).toEqual({ text: 'Accepted by driver', variant: 'success' })
    expect(driverResponseBadge('declined', 'Truck in the shop')).toEqual({
      text: 'Declined: Truck in the shop',
      variant: 'warning',
    })
  })
})

describe('reportedBy', () => {
  const row = { stop_event: 'arrived', stop_seq: 0, source: 'eld', sources: ['eld'] }
  it('names the event at its stop and every source, earliest first', () => {
    expect(reportedBy(row, stops)).toBe('Arrived (ELD)')
    expect(reportedBy({ ...row, sources: ['eld', 'driver'] }, stops)).toBe('Arrived (ELD, driver)')
    expect(reportedBy({ ...row, stop_event: 'completed', source: 'driver', sources: ['driver'] }, stops)).toBe(
      'Loaded (driver)',
    )
    expect(reportedBy({ ...row, stop_event: 'completed', stop_seq: 1, sources: ['office'] }, stops)).toBe(
      'Unloaded (office)',
    )
  })
  it('is silent for other changes and rows without a source', () => {
    expect(reportedBy({ stop_event: null, stop_seq: null, source: 'driver', sources: [] }, stops)).toBeNull()
    expect(reportedBy({ ...row, source: null, sources: [] }, stops)).toBeNull()
  })
})
