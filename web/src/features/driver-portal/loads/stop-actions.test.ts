import { describe, expect, it } from 'vitest'
import type { PortalLoad, PortalStop } from './portal-load-types'
import { canSendPod, currentStop, stopActions } from './stop-actions'

function stop(seq: number, kind: string, done: Partial<PortalStop> = {}): PortalStop {
  return {
    seq,
    kind,
    facility: { name: `F${seq}`, address: 'a', city: 'c', state: 'TN', zip: null, lat: 36, lon: -86, contact_name: null, contact_phone: null, hours: null },
    time_zone: 'America/Chicago',
    local_start: '2026-03-02T08:00:00',
    local_end: null,
    starts_at: '2026-03-02T14:00:00Z',
    starts_on_clock: 'Mon, Mar 2, 08:00 CST',
    ends_at: '2026-03-02T14:00:00Z',
    instructions: null,
    arrived_at: null,
    departed_at: null,
    completed: false,
    reports: [],
    documents: [],
    next_actions: [],
    ...done,
  }
}

function load(stops: PortalStop[], status = 'dispatched'): PortalLoad {
  return {
    id: 'l', load_number: 'HFC-1', pro_number: 1001, status, driver_response: null, decline_reason: null, can_respond: status === 'dispatched',
    first_pickup_at: '2026-03-02T14:00:00Z', last_delivery_at: '2026-03-03T14:00:00Z',
    bol_number: null, po_number: null, pickup_number: null, commodity: null, weight_lbs: null, pieces: null,
    equipment_type: 'dry_van', length_ft: 53, reefer_temp_f: null, hazmat_class: null, un_number: null, notes: null,
    truck_number: null, trailer_number: null, co_driver_name: null, revenue_cents: null, stops,
  }
}

describe('the buttons a stop offers', () => {
  it('walks the current stop through arrive, load, depart and only then the next stop', () => {
    const l = load([stop(0, 'pickup'), stop(1, 'delivery')])
    expect(stopActions(l, l.stops[0], [])).toEqual(['arrived'])
    expect(stopActions(l, l.stops[1], [])).toEqual([])
    expect(stopActions(l, l.stops[0], [{ seq: 0, event: 'arrived' }])).toEqual(['completed'])
    const queued = [
      { seq: 0, event: 'arrived' as const },
      { seq: 0, event: 'completed' as const },
    ]
    expect(stopActions(l, l.stops[0], queued)).toEqual(['departed'])
    const left = [...queued, { seq: 0, event: 'departed' as const }]
    expect(currentStop(l, left)?.seq).toBe(1)
    expect(stopActions(l, l.stops[0], left)).toEqual([])
    expect(stopActions(l, l.stops[1], left)).toEqual(['arrived'])
  })

  it('takes what the server has as done, and offers nothing on a declined or planned load', () => {
    const l = load([stop(0, 'pickup', { arrived_at: 'x', completed: true, departed_at: 'y' }), stop(1, 'delivery', { arrived_at: 'z' })], 'at_delivery')
    expect(stopActions(l, l.stops[1], [])).toEqual(['completed', 'departed'])
    expect(canSendPod(l, l.stops[1], [])).toBe(true)
    expect(canSendPod(l, l.stops[0], [])).toBe(false)
    expect(stopActions({ ...l, driver_response: 'declined' }, l.stops[1], [])).toEqual([])
    expect(stopActions({ ...l, status: 'planned' }, l.stops[1], [])).toEqual([])
  })
})
