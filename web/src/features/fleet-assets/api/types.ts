// Hand-written from docs/api/fleet-dashboard.md until src/lib/api-types.ts covers the fleet endpoints.

export type ListTab = 'active' | 'inactive'

/** `?q=&tab=&page=&per_page=` of the fleet list endpoints. */
export interface ListParams {
  q: string
  tab: ListTab
  page: number
  per_page: number
}

export interface ListPage<T> {
  items: T[]
  /** In this tab, after search. */
  total: number
  page: number
  per_page: number
  /** Both tabs, after search. */
  counts: { active: number; inactive: number }
}

export interface TruckItem {
  id: string
  name: string | null
  make: string | null
  model: string | null
  year: number | null
  vin: string | null
  license_plate: string | null
  /** ELD vehicle id. */
  vehicle_id: string | null
  assigned_driver_name: string | null
  /** Fleet driver uuid when the driver is synced. */
  assigned_driver_id: string | null
  /** Derived by the server (spec §4). */
  status: 'active' | 'inactive'
}

export type TruckDriver =
  | {
      kind: 'synced'
      id: string
      display_name: string
      phone_display: string
      license_number: string | null
      license_state: string | null
    }
  | { kind: 'eld_only'; eld_driver_id: string | null; name: string | null }

export interface TruckDetail extends TruckItem {
  notes: string | null
  is_active: boolean
  /** True when an unrecognized ELD driver was just removed (spec §4). */
  cleanup_notice: boolean
  driver: TruckDriver | null
}

export interface TrailerItem {
  id: string
  name: string | null
  trailer_id: string | null
  trailer_type: string | null
  license_plate: string | null
  vin: string | null
  /** The stored value, e.g. "active". */
  status: string | null
  assigned_driver_name: string | null
  assigned_driver_id: string | null
  assigned_at: string | null
}

export interface TrailerDriver {
  id: string | null
  display_name: string
  eld_driver_id: string | null
  phone_display: string
  license_number: string | null
  license_state: string | null
}

export interface TrailerDetail extends TrailerItem {
  notes: string | null
  is_active: boolean
  driver: TrailerDriver | null
}

export interface DriverItem {
  id: string
  /** ELD driver id. */
  driver_id: string | null
  first_name: string | null
  last_name: string | null
  display_name: string
  username: string | null
  phone: string | null
  /** Formatted by the server; '-' when empty. */
  phone_display: string
  license_number: string | null
  license_state: string | null
  eld_provider: string | null
  notes: string | null
  is_active: boolean
}

export interface DriverDetail extends DriverItem {
  assigned_truck: TruckItem | null
  assigned_trailers: TrailerItem[]
}

/** Body of POST /api/fleet/drivers and PUT /api/fleet/drivers/{id}. */
export interface DriverInput {
  first_name: string
  last_name: string
  username: string
  phone: string
  license_number: string
  license_state: string
  notes: string
}

/** The part of GET /api/fleet/account these screens read. */
export interface FleetAccountEld {
  eld: { connected: boolean; provider: string | null }
}
