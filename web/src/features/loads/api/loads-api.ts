import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type LoadView = Schemas['LoadView']
export type StopView = Schemas['StopView']
export type AccessorialView = Schemas['AccessorialView']
export type LoadEventView = Schemas['LoadEventView']
export type CustomerView = Schemas['CustomerView']
export type CustomerList = Schemas['CustomerList']
export type CustomerInput = Schemas['CustomerInput']
export type FacilityView = Schemas['FacilityView']
export type FacilityList = Schemas['FacilityList']
export type FacilityInput = Schemas['FacilityInput']
export type StopInput = Schemas['StopInput']
export type AccessorialInput = Schemas['AccessorialInput']

/** POST /api/fleet/loads (with `rate_con_upload_id` when made from a rate con). */
export type LoadInput = Schemas['LoadInput']

/** A row of GET /api/fleet/loads. */
export type LoadRow = Schemas['LoadRow']

/** GET /api/fleet/loads: a page, its total and every single status's count for the same `q`. */
export type LoadList = Schemas['LoadList']

/** The list's request: `statuses` empty means every status. */
export interface LoadListParams {
  statuses: readonly string[]
  q: string
  page: number
  per_page: number
}

/** A stop the rate con names. */
export type RateConStop = Schemas['RateConStop']

/** What POST /api/fleet/loads/rate-con read off the PDF. */
export type RateConDraft = Schemas['RateConDraft']

export type StopEventKind = 'arrived' | 'completed' | 'departed'

const base = '/api/fleet/loads'

/** The query string of the list and of its CSV export. */
export function loadListQuery({ statuses, q, page, per_page }: Partial<LoadListParams>): string {
  const query = new URLSearchParams()
  if (statuses && statuses.length > 0) query.set('status', statuses.join(','))
  if (q) query.set('q', q)
  if (page) query.set('page', String(page))
  if (per_page) query.set('per_page', String(per_page))
  return query.toString()
}

export const fetchLoads = (params: LoadListParams, signal?: AbortSignal) =>
  api.get<LoadList>(`${base}?${loadListQuery(params)}`, signal)

export const loadsExportUrl = (params: Pick<LoadListParams, 'statuses' | 'q'>) => {
  const query = loadListQuery(params)
  return query ? `${base}/export.csv?${query}` : `${base}/export.csv`
}

export const loadSheetUrl = (id: string) => `${base}/${encodeURIComponent(id)}/sheet.pdf`

export const fetchLoad = (id: string, signal?: AbortSignal) =>
  api.get<LoadView>(`${base}/${encodeURIComponent(id)}`, signal)

export const createLoad = (input: LoadInput) => api.post<LoadView>(base, input)

/** PUT /api/fleet/loads/{id}: the load's whole input and the `updated_at` it was edited from (409 when stale). */
export type LoadEditInput = Schemas['LoadEditInput']

export const editLoad = (id: string, input: LoadEditInput) => api.put<LoadView>(`${base}/${encodeURIComponent(id)}`, input)

export const changeStatus = (id: string, status: string) =>
  api.post<LoadView>(`${base}/${encodeURIComponent(id)}/status`, { status })

export const cancelLoad = (id: string, reason: string) =>
  api.post<LoadView>(`${base}/${encodeURIComponent(id)}/cancel`, { reason })

/** `at` is the facility's local clock, "YYYY-MM-DDTHH:MM:SS". */
export const recordStopEvent = (id: string, seq: number, event: StopEventKind, at: string) =>
  api.post<LoadView>(`${base}/${encodeURIComponent(id)}/stops/${seq}/events`, { event, at })

export function uploadRateCon(file: File) {
  const body = new FormData()
  body.append('file', file)
  return api.post<RateConDraft>(`${base}/rate-con`, body)
}

export const fetchCustomers = (signal?: AbortSignal) =>
  api.get<CustomerList>('/api/fleet/customers', signal)

export const createCustomer = (input: CustomerInput) => api.post<CustomerView>('/api/fleet/customers', input)

export const fetchFacilities = (signal?: AbortSignal) =>
  api.get<FacilityList>('/api/fleet/facilities', signal)

export const createFacility = (input: FacilityInput) => api.post<FacilityView>('/api/fleet/facilities', input)
