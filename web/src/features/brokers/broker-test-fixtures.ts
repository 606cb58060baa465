// Rows of the broker API for the broker screens' tests.
import type { BoardResult, BoardSearchResponse, BrokerUser, SavedSearch } from './api/types'
import { emptyCriteria } from './criteria'

const HOUR = 3_600_000

/** A timestamp `hours` before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString()

export function boardResult(overrides: Partial<BoardResult> = {}): BoardResult {
  return {
    id: 'posting-1',
    deadhead_mi: 12.5,
    truck_number: '101',
    equipment_type: 'van',
    length_ft: 53,
    weight_lbs: 45000,
    available_from: '2026-11-24',
    available_to: '2026-11-30',
    origin: { label: 'Joliet, IL', lat: 41.52, lon: -88.08 },
    destinations: ['TX', 'OK'],
    rate_per_mile_cents: 250,
    notes: 'Team drivers, no touch freight.',
    posted_at: hoursAgo(3),
    carrier: {
      carrier_id: 'c1c1c1c1',
      legal_name: 'Blue Ridge Freight LLC',
      dot_number: '1234567',
      mc_number: '765432',
      contact_name: 'Dana Owner',
      contact_phone: '(615) 555-0100',
      contact_email: 'dana@blueridge.example',
    },
    badges: {
      approved: true,
      eld_location_updated_at: hoursAgo(2),
      insurance_on_file: true,
      authority_active: true,
      not_allowed_to_operate: false,
      loads_delivered: 12,
      on_time_pickup_pct: 92,
      on_time_delivery_pct: 88,
      on_time_from_eld: true,
      committed_elsewhere: false,
    },
    ...overrides,
  }
}

export function searchPage(results: BoardResult[], overrides: Partial<BoardSearchResponse> = {}): BoardSearchResponse {
  return {
    origin: { label: 'Chicago, IL', lat: 41.88, lon: -87.63 },
    results,
    page: 1,
    page_size: 25,
    has_more: false,
    ...overrides,
  }
}

export function savedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 'saved-1',
    name: 'Chicago vans',
    criteria: { ...emptyCriteria('Chicago, IL'), equipment: ['van'], radius_mi: 250 },
    alerts: true,
    created_at: '2026-11-20T10:00:00Z',
    last_alert_at: null,
    ...overrides,
  }
}

export function brokerUser(overrides: Partial<BrokerUser> = {}): BrokerUser {
  return {
    id: 'bu-1',
    email: 'pat@lakeside.example',
    first_name: 'Pat',
    last_name: 'Lee',
    role: 'broker_admin',
    is_active: true,
    invite_pending: false,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  }
}
