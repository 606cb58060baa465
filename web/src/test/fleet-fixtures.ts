// Fleet dashboard rows and a fetch stand-in, for the tests of the dashboard
// shell and of the fleet-account, vehicles and drivers screens.
import { vi } from 'vitest'
import type { components } from '@/lib/api-types'
import type { FleetAccountView } from '@/lib/fleet-account'
import type { ListData } from '@/lib/paging'

type Schemas = components['schemas']
type TruckItem = Schemas['TruckItem']
type TrailerItem = Schemas['TrailerItem']
type DriverItem = Schemas['DriverItem']

export function fleetAccount(overrides: Partial<FleetAccountView> = {}): FleetAccountView {
  return {
    id: 'fa-1',
    legal_name: 'Blue Ridge Freight LLC',
    dba_name: 'Blue Ridge',
    dot_number: '1234567',
    mc_number: 'MC-765432',
    power_units: 12,
    physical_address: { street: '1 Main St', city: 'Nashville', state: 'TN', zip: '37201' },
    contact: {
      first_name: 'Dana',
      last_name: 'Owner',
      email: 'dana@blueridge.example',
      phone: '6155550100',
      address: { street: '2 Side St', city: 'Nashville', state: 'TN', zip: '37202' },
    },
    monthly_rate_cents: 129900,
    subscription_id_short: 'sub_1AbCdE',
    subscription_status: 'active',
    home_time_zone: 'America/Chicago',
    home_time_zone_source: 'default',
    authority: {
      authority_status: 'ACTIVE',
      authority_date: '2020-01-05',
      registration_status: 'A',
      registration_date: '2020-01-01',
      insurance_required: 'Y',
      insurance_on_file: '750',
    },
    fmcsa: {
      legal_name: 'BLUE RIDGE FREIGHT LLC',
      dba_name: 'BLUE RIDGE',
      dot_number: '1234567',
      operating_classification: 'Authorized For Hire',
      total_power_units: '12',
      total_drivers: '14',
      mcs150_form_date: '2024-03-01',
      cargo_tank: 'N',
      passenger_carrier: 'N',
      hazmat: 'Y',
      physical_address: { street: '1 MAIN ST', city: 'NASHVILLE', state: 'TN', zip: '37201' },
    },
    branding: { logo_url: null, primary_color: '#3E63DD', secondary_color: '#6E56CF' },
    security: { session_timeout_minutes: 60 },
    portal: {
      is_enabled: false,
      login_method: 'username',
      auth_type: 'system_password',
      welcome_message: null,
      show_load_revenue: false,
      has_system_password: false,
    },
    eld: { connected: false, provider: null },
    ...overrides,
  }
}

export function page<T>(items: T[], counts = { active: items.length, inactive: 0 }): ListData<T> {
  return { items, total: items.length, page: 1, per_page: 50, counts }
}

export function truck(overrides: Partial<TruckItem> = {}): TruckItem {
  return {
    id: 'truck-1',
    name: 'Unit 101',
    make: 'Freightliner',
    model: 'Cascadia',
    year: 2022,
    vin: '1FUJGLDR5CLBP8834',
    license_plate: 'TN-4821',
    vehicle_id: '281474',
    assigned_driver_name: 'Dana Driver',
    assigned_driver_id: 'driver-1',
    status: 'active',
    ...overrides,
  }
}

export function trailer(overrides: Partial<TrailerItem> = {}): TrailerItem {
  return {
    id: 'trailer-1',
    name: 'Reefer 7',
    trailer_id: 'TR-7',
    trailer_type: 'Reefer',
    license_plate: 'TN-T77',
    vin: '1JJV532D8KL123456',
    status: 'active',
    assigned_driver_name: 'Dana Driver',
    assigned_driver_id: 'driver-1',
    assigned_at: '2025-01-05T12:00:00Z',
    ...overrides,
  }
}

export function driver(overrides: Partial<DriverItem> = {}): DriverItem {
  return {
    id: 'driver-1',
    driver_id: '55501',
    first_name: 'Dana',
    last_name: 'Driver',
    display_name: 'Dana Driver',
    username: 'dana',
    phone: '6155550100',
    phone_display: '(615) 555-0100',
    license_number: 'D1234567',
    license_state: 'TN',
    eld_provider: 'samsara',
    notes: null,
    is_active: true,
    ...overrides,
  }
}

/** The fleet account with or without an ELD connection. */
export const account = (connected: boolean) =>
  fleetAccount({ eld: { connected, provider: connected ? 'samsara' : null } })

type Answer = { status: number; body?: unknown }
type Handler = (url: URL, init?: RequestInit) => Answer | undefined

/**
 * A fetch stand-in: `routes` answers by "METHOD path" (a function gets the URL,
 * so it can look at the query string). Unknown requests answer 404.
 */
export function stubFetch(routes: Record<string, Answer | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost')
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`]
    const answer = typeof route === 'function' ? route(url, init) : route
    if (!answer) return new Response(null, { status: 404 })
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The URLs requested with GET on `path`. */
export function getsOf(fetchMock: ReturnType<typeof stubFetch>, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === path)
    .map(({ url }) => url)
}
