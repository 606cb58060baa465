import { texts } from '@/lib/texts'
import type { DocumentType, LoadDocumentType } from './api/types'

/** The twelve document types in the spec's order (§3), then a driver's own three, with their labels. */
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'truck_registration',
  'truck_inspection',
  'trailer_registration',
  'trailer_inspection',
  'company_insurance',
  'company_authority',
  'company_ifta',
  'company_other',
  'maintenance',
  'safety_report',
  'crash_report',
  'inspection_report',
  // A driver's own documents (not in the spec's list: a medical card was filed as 'Other').
  'driver_cdl',
  'driver_medical_card',
  'driver_qualification',
]

/** A load's documents (issue 31), offered when uploading from a load and only there. */
export const LOAD_DOCUMENT_TYPES: readonly LoadDocumentType[] = [
  'rate_confirmation',
  'bill_of_lading',
  'proof_of_delivery',
  'lumper_receipt',
  'scale_ticket',
]

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value) || (LOAD_DOCUMENT_TYPES as readonly string[]).includes(value)
}

/** The label of a stored type; an unknown value is shown as stored. */
export function documentTypeLabel(value: string): string {
  return isDocumentType(value) ? texts.documents.types[value] : value
}
