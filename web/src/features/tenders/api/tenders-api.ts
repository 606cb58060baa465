import { api } from '@/lib/api-client'
import type {
  AcceptInput,
  BrokerFacilityList,
  CounterInput,
  DeclineInput,
  FacilityInput,
  FacilityView,
  ShipmentListParams,
  ShipmentPage,
  ShipmentView,
  TenderDetail,
  TenderInput,
  TenderLinkView,
  TenderList,
  TenderListStatus,
  TenderSettings,
  TenderView,
} from './types'

const enc = encodeURIComponent

// The broker's side.
export const fetchBrokerFacilities = (signal?: AbortSignal) =>
  api.get<BrokerFacilityList>('/api/broker/facilities', signal)
export const createBrokerFacility = (input: FacilityInput) => api.post<FacilityView>('/api/broker/facilities', input)
export const createTender = (input: TenderInput) => api.post<TenderView>('/api/broker/tenders', input)
export const fetchBrokerTenders = (status: TenderListStatus, signal?: AbortSignal) =>
  api.get<TenderList>(`/api/broker/tenders?status=${status}`, signal)
export const fetchBrokerTender = (id: string, signal?: AbortSignal) =>
  api.get<TenderView>(`/api/broker/tenders/${enc(id)}`, signal)
export const withdrawTender = (id: string) => api.post<TenderView>(`/api/broker/tenders/${enc(id)}/withdraw`)
export const acceptCounter = (id: string) => api.post<TenderView>(`/api/broker/tenders/${enc(id)}/accept-counter`)

/** The query string of a shipments page: blank search and the first page left out. */
export function shipmentsQuery(params: ShipmentListParams): string {
  const query = new URLSearchParams({ status: params.status })
  if (params.q) query.set('q', params.q)
  if (params.page > 1) query.set('page', String(params.page))
  query.set('per_page', String(params.per_page))
  return query.toString()
}

export const fetchShipments = (params: ShipmentListParams, signal?: AbortSignal) =>
  api.get<ShipmentPage>(`/api/broker/shipments?${shipmentsQuery(params)}`, signal)
export const fetchShipment = (id: string, signal?: AbortSignal) =>
  api.get<ShipmentView>(`/api/broker/shipments/${enc(id)}`, signal)
/** A shipment's file (rate confirmation, POD): a plain link downloads it. */
export const shipmentDocumentUrl = (shipmentId: string, documentId: string) =>
  `/api/broker/shipments/${enc(shipmentId)}/documents/${enc(documentId)}`

// The carrier's side (fleet admins).
export const fetchFleetTenders = (status: TenderListStatus, signal?: AbortSignal) =>
  api.get<TenderList>(`/api/fleet/tenders?status=${status}`, signal)
export const fetchTenderSettings = (signal?: AbortSignal) =>
  api.get<TenderSettings>('/api/fleet/tenders/settings', signal)
export const saveTenderSettings = (input: TenderSettings) => api.put<TenderSettings>('/api/fleet/tenders/settings', input)
export const fetchFleetTender = (id: string, signal?: AbortSignal) =>
  api.get<TenderDetail>(`/api/fleet/tenders/${enc(id)}`, signal)
export const acceptFleetTender = (id: string, input: AcceptInput) =>
  api.post<TenderDetail>(`/api/fleet/tenders/${enc(id)}/accept`, input)
export const declineFleetTender = (id: string, input: DeclineInput) =>
  api.post<TenderDetail>(`/api/fleet/tenders/${enc(id)}/decline`, input)
export const counterFleetTender = (id: string, input: CounterInput) =>
  api.post<TenderDetail>(`/api/fleet/tenders/${enc(id)}/counter`, input)

// The e-mail's one-time link (no sign-in).
const linkPath = (fleet: string, token: string) => `/api/tender-links/${enc(fleet)}/${enc(token)}`
export const fetchTenderLink = (fleet: string, token: string, signal?: AbortSignal) =>
  api.get<TenderLinkView>(linkPath(fleet, token), signal)
export const acceptTenderLink = (fleet: string, token: string, input: AcceptInput) =>
  api.post<TenderView>(`${linkPath(fleet, token)}/accept`, input)
export const declineTenderLink = (fleet: string, token: string, input: DeclineInput) =>
  api.post<TenderView>(`${linkPath(fleet, token)}/decline`, input)
