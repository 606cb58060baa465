// The Truck Board's fleet-side types: the generated schemas of issue 15's
// API (src/lib/api-types.ts), with the statuses and sources the contract
// names as unions rather than the plain strings the server declares.
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type PostingStatus = 'active' | 'withdrawn' | 'expired'

/** What GET /api/fleet/postings filters by: `ended` is withdrawn or expired. */
export type PostingsFilter = 'active' | 'ended' | 'all'

export type LocationSource = 'typed' | 'eld'

export type PostingOrigin = Schemas['OriginView']

/**
 * A posting as its fleet sees it. `location_updated_at` is when the ELD last
 * reported the position (null for a typed origin); `destinations` are two-letter
 * states, [] meaning 'Open'; `equipment_type` is a key of texts.board.equipment.
 */
export type Posting = Omit<Schemas['PostingView'], 'status' | 'location_source'> & {
  status: PostingStatus
  location_source: LocationSource
}

export type PostingsResponse = { postings: Posting[] }

/** The body of POST /api/fleet/postings and PATCH /api/fleet/postings/{id}: `origin` is free text the server resolves, null for the ELD's. */
export type PostingInput = Omit<Schemas['PostingInput'], 'location_source'> & { location_source: LocationSource }

/** A truck's last ELD position ('near Joliet, IL'), or null (GET /api/fleet/vehicles/{id}/position). */
export type VehiclePosition = Schemas['PositionView']
export type VehiclePositionResponse = Schemas['VehiclePosition']

/** A truck the dialog can post: its id and its number (name). */
export interface TruckChoice {
  id: string
  name: string
}
