// The Truck Board's fleet-side types, written by hand from issue 15's API
// contract until `make openapi` puts them in src/lib/api-types.ts.

export type PostingStatus = 'active' | 'withdrawn' | 'expired'

/** What GET /api/fleet/postings filters by: `ended` is withdrawn or expired. */
export type PostingsFilter = 'active' | 'ended' | 'all'

export type LocationSource = 'typed' | 'eld'

export interface PostingOrigin {
  label: string
  city: string
  state: string
  zip: string | null
  lat: number
  lon: number
}

export interface Posting {
  id: string
  vehicle_id: string
  truck_number: string
  status: PostingStatus
  origin: PostingOrigin
  location_source: LocationSource
  /** When the ELD last reported the position; null for a typed origin. */
  location_updated_at: string | null
  /** 'YYYY-MM-DD' */
  available_from: string
  /** 'YYYY-MM-DD' */
  available_to: string
  /** A key of texts.board.equipment. */
  equipment_type: string
  length_ft: number | null
  weight_lbs: number | null
  /** Two-letter states; [] means 'Open'. */
  destinations: string[]
  rate_per_mile_cents: number | null
  notes: string | null
  posted_at: string
  updated_at: string
}

export interface PostingsResponse {
  postings: Posting[]
}

/** The body of POST /api/fleet/postings and PATCH /api/fleet/postings/{id}. */
export interface PostingInput {
  vehicle_id: string
  location_source: LocationSource
  /** Free text the server resolves ('Chicago, IL', '60601'); required when typed, null for eld. */
  origin: string | null
  available_from: string
  available_to: string
  equipment_type: string
  length_ft?: number | null
  weight_lbs?: number | null
  destinations: string[]
  rate_per_mile_cents?: number | null
  notes?: string | null
}

/** A truck's last ELD position (GET /api/fleet/vehicles/{id}/position). */
export interface VehiclePosition {
  /** 'near Joliet, IL' */
  label: string
  lat: number
  lon: number
  reported_at: string
}

export interface VehiclePositionResponse {
  position: VehiclePosition | null
}

/** A truck the dialog can post: its id and its number (name). */
export interface TruckChoice {
  id: string
  name: string
}
