// The truck board and broker portal API (issue 15), written by hand from the
// contract (/tmp/board-api.md) until `make openapi` generates these into
// src/lib/api-types.ts; then these become aliases of the generated schemas.

export type BrokerRole = 'broker_admin' | 'broker_user'

// GET /api/places is read through src/lib/places.ts (shared with the fleet's posting form).

/** GET /api/broker/account */
export interface BrokerAccount {
  id: string
  name: string
  mc_number: string | null
  role: BrokerRole
}

export interface BoardOrigin {
  label: string
  lat: number
  lon: number
}

export interface BoardCarrier {
  fleet_account_id: string
  legal_name: string
  dot_number: string
  mc_number: string | null
  contact_name: string | null
  contact_phone: string | null
  contact_email: string | null
}

export interface BoardBadges {
  approved: boolean
  eld_location_updated_at: string | null
  insurance_on_file: boolean
  authority_active: boolean
  not_allowed_to_operate: boolean
}

export interface BoardResult {
  id: string
  /** One decimal; null on a posting read without an origin. */
  deadhead_mi: number | null
  truck_number: string | null
  equipment_type: string
  length_ft: number | null
  weight_lbs: number | null
  available_from: string
  available_to: string
  origin: BoardOrigin
  /** Two-letter states; [] means "Open". */
  destinations: string[]
  rate_per_mile_cents: number | null
  notes: string | null
  posted_at: string
  carrier: BoardCarrier
  badges: BoardBadges
}

/** GET /api/broker/board/search */
export interface BoardSearchResponse {
  origin: BoardOrigin
  results: BoardResult[]
  page: number
  page_size: number
  has_more: boolean
}

/** A search as saved searches store it (and as the board's URL carries it). */
export interface SearchCriteria {
  origin: string
  /** 1 to 450; the server's default (100) when null. */
  radius_mi: number | null
  destinations: string[]
  equipment: string[]
  available_from: string | null
  available_to: string | null
  max_age_hours: number | null
  include_not_allowed: boolean
}

export interface SavedSearch {
  id: string
  name: string
  criteria: SearchCriteria
  alerts: boolean
  created_at: string
  last_alert_at: string | null
}

export interface SavedSearchList {
  saved_searches: SavedSearch[]
}

export interface SavedSearchInput {
  name: string
  criteria: SearchCriteria
  alerts: boolean
}

export interface SavedSearchPatch {
  name?: string
  alerts?: boolean
}

export interface BrokerUser {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  role: BrokerRole
  is_active: boolean
  invite_pending: boolean
  created_at: string
}

export interface BrokerUserList {
  users: BrokerUser[]
}

export interface InviteUserInput {
  email: string
  first_name?: string | null
  last_name?: string | null
  role: BrokerRole
}

export interface BrokerUserPatch {
  role?: BrokerRole
  is_active?: boolean
}

/** GET /api/broker-invites/{token} */
export interface BrokerInvite {
  email: string
  broker_name: string
}

/** POST /api/broker-invites/{token} */
export interface AcceptedInvite {
  redirect_to: string
}

/** GET/POST /api/saved-searches/unsubscribe/{token} */
export interface Unsubscribed {
  name: string
  unsubscribed?: boolean
}
