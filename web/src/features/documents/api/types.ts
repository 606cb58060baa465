// Hand-written twins of the schemas the server's OpenAPI document will carry
// (DocumentItem, DocumentPage, DocumentCounts, DocumentVehicle,
// DocumentDriver). Once `npm run gen:api` has them in src/lib/api-types.ts,
// these become aliases of the generated types.

/** One of the twelve document types (spec §3). */
export type DocumentType =
  | 'truck_registration'
  | 'truck_inspection'
  | 'trailer_registration'
  | 'trailer_inspection'
  | 'company_insurance'
  | 'company_authority'
  | 'company_ifta'
  | 'company_other'
  | 'maintenance'
  | 'safety_report'
  | 'crash_report'
  | 'inspection_report'

/** The expiry status the server derives from expiration_date (spec §4). */
export type DocumentStatus = 'none' | 'expired' | 'expiring_soon' | 'valid'

export interface DocumentVehicle {
  kind: 'truck' | 'trailer'
  id: string
  name: string
  identifier: string | null
}

export interface DocumentDriver {
  id: string
  name: string
}

export interface DocumentItem {
  id: string
  name: string
  document_type: string
  description: string | null
  file_name: string
  /** MIME type. */
  file_type: string
  /** Bytes. */
  file_size: number
  /** 'YYYY-MM-DD'. */
  issue_date: string | null
  /** 'YYYY-MM-DD'. */
  expiration_date: string | null
  status: DocumentStatus
  is_shared_with_drivers: boolean
  vehicle: DocumentVehicle | null
  driver: DocumentDriver | null
  /** RFC 3339. */
  created_at: string
}

/** Counts of the fleet's (or the asset's) documents, whatever the search, type, dates and tab. */
export interface DocumentCounts {
  expiring_soon: number
  expired: number
}

export interface DocumentPage {
  items: DocumentItem[]
  total: number
  page: number
  per_page: number
  counts: DocumentCounts
}
