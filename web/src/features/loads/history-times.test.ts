import { describe, expect, it } from 'vitest'
import type { LoadEventView, StopView } from './api/loads-api'
import { historyTime, stopOfEvent } from './history-times'

function stop(seq: number, kind: string, zone: string, arrived: string | null, departed: string | null): StopView {
  return {
    id: `stop-${seq}`,
    seq,
    kind,
    facility: {
      id: `f-${seq}`,
      name: `Facility ${seq}`,
      address: '1 Dock St',
      city: 'Somewhere',
      state: 'XX',
      zip: null,
      time_zone: zone,
      lat: 0,
      lon: 0,
      contact_name: null,
      contact_phone: null,
      hours: null, arrival_radius_miles: 0.5,
    },
    local_start: '2026-03-02T08:00:00',
    local_end: null,
    time_zone: zone,
    starts_at: '2026-03-02T14:00:00Z',
    ends_at: '2026-03-02T14:00:00Z',
    arrived_at: arrived,
    departed_at: departed,
    instructions: null,
  }
}

function event(at: string, at7_code: string | null, from_status: string | null = 'dispatched'): LoadEventView {
  return { at, actor_name: 'Fran Admin', from_status, to_status: 'at_pickup', at7_code, reason: null, source: null, stop_event: null, stop_seq: null, sources: [] }
}

// Two pickups (Chicago, Denver) and a delivery in Los Angeles.
const stops = [
  stop(0, 'pickup', 'America/Chicago', '2026-03-02T14:30:00Z', '2026-03-02T18:00:00Z'),
  stop(1, 'pickup', 'America/Denver', '2026-03-03T15:00:00Z', '2026-03-03T17:00:00Z'),
  stop(2, 'delivery', 'America/Los_Angeles', '2026-03-04T16:00:00Z', null),
]

describe("a load's history read on the right clock", () => {
  it('finds the stop of a stop event by its code and its instant', () => {
    expect(stopOfEvent(event('2026-03-02T14:30:00Z', 'X3'), stops)?.seq).toBe(0)
    expect(stopOfEvent(event('2026-03-03T17:00:00Z', 'AF'), stops)?.seq).toBe(1)
    // Loading is not a stop's time of its own: between arriving and leaving.
    expect(stopOfEvent(event('2026-03-03T16:10:00Z', 'CP'), stops)?.seq).toBe(1)
    expect(stopOfEvent(event('2026-03-04T18:00:00Z', 'D1'), stops)?.seq).toBe(2)
    expect(stopOfEvent(event('2026-03-01T12:00:00Z', null, null), stops)).toBeUndefined()
    expect(stopOfEvent(event('2026-03-05T12:00:00Z', 'CA'), stops)).toBeUndefined()
  })

  it('shows a stop event on its stop’s clock with the zone, and other changes in the fleet’s zone', () => {
    expect(historyTime(event('2026-03-02T14:30:00Z', 'X3'), stops, 'America/New_York')).toBe('Mar 2, 2026, 8:30 AM CST')
    expect(historyTime(event('2026-03-03T15:00:00Z', 'X3'), stops, 'America/New_York')).toBe('Mar 3, 2026, 8:00 AM MST')
    expect(historyTime(event('2026-03-04T16:00:00Z', 'X1'), stops, 'America/New_York')).toBe('Mar 4, 2026, 8:00 AM PST')
    expect(historyTime(event('2026-03-01T12:00:00Z', null, null), stops, 'America/New_York')).toBe(
      'Mar 1, 2026, 7:00 AM EST',
    )
  })

  it('names the viewer’s zone when the fleet’s is not known', () => {
    const shown = historyTime(event('2026-03-01T12:00:00Z', null, null), stops)
    expect(shown).toMatch(/^Mar 1, 2026, \d{1,2}:00 [AP]M \S+$/)
  })
})
