import { api, ApiError, getCsrfToken } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { listQuery } from '@/lib/paging'
import { texts } from '@/lib/texts'
import { documentsQuery, type DocumentsRequest } from '../filter-params'
import type { DocumentItem, DocumentPage, LoadDocumentList } from './types'

type Schemas = components['schemas']

const DOCUMENTS = '/api/fleet/documents'
const enc = encodeURIComponent

export const fetchDocuments = (request: DocumentsRequest, signal?: AbortSignal) =>
  api.get<DocumentPage>(`${DOCUMENTS}?${documentsQuery(request)}`, signal)

/** A load's documents, newest first. */
export const loadDocumentsPath = (loadId: string) => `/api/fleet/loads/${enc(loadId)}/documents`

export const fetchLoadDocuments = (loadId: string, signal?: AbortSignal) =>
  api.get<LoadDocumentList>(loadDocumentsPath(loadId), signal)

export const deleteDocument = (id: string) => api.delete<void>(`${DOCUMENTS}/${enc(id)}`)

/** A same-origin, cookie-authenticated GET answered with Content-Disposition: attachment. */
export const downloadUrl = (id: string) => `${DOCUMENTS}/${enc(id)}/download`

/** The choices of the upload dialog and of the Vehicle filter: trucks or trailers of the fleet. */
export type VehicleKind = 'truck' | 'trailer'

export interface VehicleOption {
  kind: VehicleKind
  id: string
  name: string | null
  /** The truck's ELD vehicle id or the trailer's trailer id. */
  identifier: string | null
}

/** The fleet lists' largest page (FLEET_LIMITS on the server). */
const VEHICLES_PER_PAGE = 200

type TruckPage = Schemas['ListPage_TruckItem']
type TrailerPage = Schemas['ListPage_TrailerItem']

/**
 * One tab of the trucks or trailers list, at its largest page size. The keys
 * and answers are those of the Trucks and Trailers screens, so they share the
 * cache and a sync that refreshes those lists refreshes these choices too.
 */
export function vehicleListParams(tab: 'active' | 'inactive') {
  return { q: '', tab, page: 1, per_page: VEHICLES_PER_PAGE }
}

export function fetchVehiclePage(kind: VehicleKind, tab: 'active' | 'inactive', signal?: AbortSignal) {
  const path = kind === 'truck' ? '/api/fleet/trucks' : '/api/fleet/trailers'
  return api.get<TruckPage | TrailerPage>(`${path}?${listQuery(vehicleListParams(tab))}`, signal)
}

export function vehicleOptions(kind: VehicleKind, pages: (TruckPage | TrailerPage)[]): VehicleOption[] {
  const options = pages.flatMap((page) =>
    page.items.map((item) => ({
      kind,
      id: item.id,
      name: item.name ?? null,
      identifier: ('vehicle_id' in item ? item.vehicle_id : 'trailer_id' in item ? item.trailer_id : null) ?? null,
    })),
  )
  // A vehicle that moved tabs between the two requests comes back twice.
  const unique = [...new Map(options.map((option) => [option.id, option])).values()]
  const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  // Named ones first, by name (Truck 9 before Truck 10), then the unnamed ones.
  return unique.sort((a, b) => {
    if (!a.name !== !b.name) return a.name ? -1 : 1
    return byName.compare(a.name ?? '', b.name ?? '') || byName.compare(a.identifier ?? '', b.identifier ?? '')
  })
}

/** The fields of an upload, in the order the server reads them: text fields first, the file last. */
export interface UploadFields {
  name: string
  documentType: string
  vehicleType: VehicleKind | ''
  vehicleId: string
  driverId: string
  /** Set when uploading from a load: the upload goes to the load's documents. */
  loadId?: string
  issueDate: string
  expirationDate: string
  description: string
  shareWithDrivers: boolean
  file: File
}

export function uploadBody(fields: UploadFields): FormData {
  const body = new FormData()
  body.append('name', fields.name.trim())
  body.append('document_type', fields.documentType)
  body.append('vehicle_type', fields.vehicleId ? fields.vehicleType : '')
  body.append('vehicle_id', fields.vehicleId)
  body.append('driver_id', fields.driverId)
  body.append('issue_date', fields.issueDate)
  body.append('expiration_date', fields.expirationDate)
  body.append('description', fields.description.trim())
  body.append('share_with_drivers', fields.shareWithDrivers ? 'true' : 'false')
  // Last: the server streams the file part and has read the fields by then.
  body.append('file', fields.file, fields.file.name)
  return body
}

/** The error a failed upload answer stands for: the server's message, else a fallback for its status. */
export function uploadError(status: number, responseText: string): ApiError {
  let body: unknown
  try {
    body = responseText ? JSON.parse(responseText) : undefined
  } catch {
    body = undefined
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: { code?: unknown; message?: unknown; fields?: unknown } }).error
      : null
  if (error && typeof error.message === 'string') {
    const fields =
      typeof error.fields === 'object' && error.fields !== null ? (error.fields as Record<string, string>) : {}
    return new ApiError(status, typeof error.code === 'string' ? error.code : 'http_error', error.message, fields)
  }
  // A proxy may refuse a large upload before the server can answer with a body.
  return new ApiError(status, 'http_error', status === 413 ? texts.errors.payloadTooLarge : texts.errors.generic)
}

export interface UploadOptions {
  /** 0–100 as the bytes go up. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * POST /api/fleet/documents as multipart. XMLHttpRequest, not fetch: only it
 * reports upload progress. It sends what `apiRequest` sends: the session
 * cookie (same origin) and the CSRF header.
 */
export function uploadDocument(fields: UploadFields, { onProgress, signal }: UploadOptions = {}): Promise<DocumentItem> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', fields.loadId ? loadDocumentsPath(fields.loadId) : DOCUMENTS)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    const csrf = getCsrfToken()
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as DocumentItem)
        } catch {
          reject(new ApiError(xhr.status, 'http_error', texts.errors.generic))
        }
      } else {
        reject(uploadError(xhr.status, xhr.responseText))
      }
    }
    xhr.onerror = () => reject(new ApiError(0, 'network_error', texts.errors.generic))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(uploadBody(fields))
  })
}
