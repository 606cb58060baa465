import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A driver's qualification item (CDL, medical card, MVR review, Clearinghouse query, drug test). */
export type QualificationView = Schemas['QualificationView']
export type QualificationInput = Schemas['QualificationInput']

const qualificationsPath = (driverId: string) => `/api/fleet/drivers/${encodeURIComponent(driverId)}/qualifications`

/** The five kinds in their fixed order, recorded or not. */
export const fetchQualifications = (driverId: string, signal?: AbortSignal) =>
  api.get<QualificationView[]>(qualificationsPath(driverId), signal)

/** Replaces what is recorded for the kind (422 per field: expires_on, done_on, number, state, class, document_id). */
export const saveQualification = (driverId: string, kind: string, body: QualificationInput) =>
  api.put<QualificationView>(`${qualificationsPath(driverId)}/${encodeURIComponent(kind)}`, body)

/** 204; the backing document stays in Documents. */
export const deleteQualification = (driverId: string, kind: string) =>
  api.delete<void>(`${qualificationsPath(driverId)}/${encodeURIComponent(kind)}`)

export const documentDownloadUrl = (documentId: string) =>
  `/api/fleet/documents/${encodeURIComponent(documentId)}/download`

/** The document type a qualification item's document is filed as (domain `QualificationKind::document_type`). */
export function qualificationDocumentType(kind: string): string {
  if (kind === 'cdl') return 'driver_cdl'
  if (kind === 'medical') return 'driver_medical_card'
  return 'driver_qualification'
}

export interface BackingDocument {
  driverId: string
  /** The qualification item's kind (cdl, medical, mvr, clearinghouse, drug_test). */
  kind: string
  name: string
  /** YYYY-MM-DD or empty: the item's expiry, when its kind has one. */
  expirationDate: string
  file: File
}

/**
 * Files the document backing an item in the driver's Documents: POST
 * /api/fleet/documents with the upload dialog's fields (the documents
 * capability's form), text fields first and the file last, as the server
 * reads them while they stream in.
 */
export function uploadBackingDocument(document: BackingDocument) {
  const body = new FormData()
  body.append('name', document.name)
  body.append('document_type', qualificationDocumentType(document.kind))
  body.append('vehicle_type', '')
  body.append('vehicle_id', '')
  body.append('driver_id', document.driverId)
  body.append('issue_date', '')
  body.append('expiration_date', document.expirationDate)
  body.append('description', '')
  body.append('share_with_drivers', 'false')
  body.append('file', document.file, document.file.name)
  return api.post<Schemas['DocumentItem']>('/api/fleet/documents', body)
}
