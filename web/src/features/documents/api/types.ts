import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// The server's documents schemas, generated from contracts/openapi.json.
export type DocumentItem = Schemas['DocumentItem']
export type DocumentPage = Schemas['DocumentPage']
export type DocumentCounts = Schemas['DocumentCounts']
export type DocumentVehicle = Schemas['DocumentVehicle']
export type DocumentDriver = Schemas['DocumentDriver']

/** One of the twelve document types (spec §3) or a driver's own; the contract types it as a string. */
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
  | 'driver_cdl'
  | 'driver_medical_card'
  | 'driver_qualification'
  | LoadDocumentType

/** A load's own documents (issue 31): filed on a load only. */
export type LoadDocumentType =
  | 'rate_confirmation'
  | 'bill_of_lading'
  | 'proof_of_delivery'
  | 'lumper_receipt'
  | 'scale_ticket'

/** GET /api/fleet/loads/{id}/documents. */
export interface LoadDocumentList {
  items: DocumentItem[]
}

/** The expiry status the server derives from expiration_date (spec §4); the contract types it as a string. */
export type DocumentStatus = 'none' | 'expired' | 'expiring_soon' | 'valid'
