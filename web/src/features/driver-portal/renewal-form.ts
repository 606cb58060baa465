import type { PortalDocument, PortalHome, RenewalTarget } from './api/types'

/** The document types a driver may send per target (values of texts.documents.types). */
export const renewalTypes: Record<RenewalTarget, readonly string[]> = {
  // A driver's own: filed as a qualification record by default (a CDL or medical card renewal is filed as that by the server).
  driver: ['driver_qualification', 'company_other'],
  truck: ['truck_registration', 'truck_inspection', 'company_insurance', 'maintenance'],
  trailer: ['trailer_registration', 'trailer_inspection'],
}

/** What a driver's own renewal is: a qualification item it renews, or another document. */
export const renewalKinds = ['cdl', 'medical', 'other'] as const
export type RenewalKind = (typeof renewalKinds)[number]

export interface RenewalValues {
  target: RenewalTarget
  /** Only for a trailer. */
  trailerId?: string
  documentType: string
  /** Only for the driver: accepting a CDL or medical card renewal updates that qualification item. */
  kind?: RenewalKind
  name: string
  /** YYYY-MM-DD, or empty. */
  expirationDate: string
  note: string
}

/**
 * The multipart body of POST /api/portal/renewals. The server reads the
 * fields as they stream in, so the file goes last.
 */
export function renewalFormData(values: RenewalValues, file: Blob & { name?: string }): FormData {
  const form = new FormData()
  form.append('target', values.target)
  if (values.target === 'trailer' && values.trailerId) form.append('trailer_id', values.trailerId)
  form.append('document_type', values.documentType)
  if (values.target === 'driver' && values.kind && values.kind !== 'other') form.append('qualification', values.kind)
  form.append('name', values.name.trim())
  if (values.expirationDate) form.append('expiration_date', values.expirationDate)
  if (values.note.trim()) form.append('note', values.note.trim())
  form.append('file', file, file.name ?? 'upload')
  return form
}

/** The target select's value: 'driver', 'truck' or 'trailer:<id>'. */
export function parseTargetChoice(choice: string): { target: RenewalTarget; trailerId?: string } {
  if (choice.startsWith('trailer:')) return { target: 'trailer', trailerId: choice.slice('trailer:'.length) }
  return { target: choice === 'truck' ? 'truck' : 'driver' }
}

/** What the renewal dialog opens with when the driver renews a document of the list. */
export interface RenewalPrefill {
  /** The target select's value (see parseTargetChoice). */
  choice: string
  documentType: string
  kind: RenewalKind
  name: string
}

const qualificationKinds: Partial<Record<string, RenewalKind>> = { driver_cdl: 'cdl', driver_medical_card: 'medical' }

/**
 * The renewal of a shared document, filled in: for the driver, their truck or
 * a trailer of theirs. Null for a company document, or one of a truck or
 * trailer no longer assigned: the fleet's office renews those.
 */
export function renewalPrefill(document: PortalDocument, home: PortalHome): RenewalPrefill | null {
  const typeFor = (target: RenewalTarget) =>
    renewalTypes[target].includes(document.document_type) ? document.document_type : renewalTypes[target][0]
  const base = { name: document.name, kind: 'other' as RenewalKind }
  switch (document.belongs_to) {
    case 'driver':
      return {
        ...base,
        choice: 'driver',
        documentType: typeFor('driver'),
        kind: qualificationKinds[document.document_type] ?? 'other',
      }
    case 'truck':
      return home.truck ? { ...base, choice: 'truck', documentType: typeFor('truck') } : null
    case 'trailer': {
      // The list does not say which trailer; the driver can change it in the dialog.
      const trailer = home.trailers[0]
      return trailer ? { ...base, choice: `trailer:${trailer.id}`, documentType: typeFor('trailer') } : null
    }
    default:
      return null
  }
}
