import { vi } from 'vitest'
import type { DriverItem, ListPage, TrailerItem, TruckItem } from '../api/types'

export function page<T>(items: T[], counts = { active: items.length, inactive: 0 }): ListPage<T> {
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

export const account = (connected: boolean) => ({ eld: { connected, provider: connected ? 'samsara' : null } })

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
