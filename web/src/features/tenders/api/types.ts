// The tender API's types: generated from the server's contract
// (src/lib/api-types.ts); the unions and query parameters below are the
// server's documented values.
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type StopInput = Schemas['StopInput']
export type AccessorialInput = Schemas['AccessorialInput']
export type FacilityInput = Schemas['FacilityInput']
export type FacilityView = Schemas['FacilityView']
export type BrokerFacilityList = Schemas['BrokerFacilityList']
export type TermsInput = Schemas['TermsInput']
export type TenderInput = Schemas['TenderInput']
export type LineView = Schemas['LineView']
export type TermsView = Schemas['TermsView']
export type TenderStopView = Schemas['TenderStopView']
export type PartyView = Schemas['PartyView']
export type CounterView = Schemas['CounterView']
export type TenderView = Schemas['TenderView']
export type TenderSettings = Schemas['TenderSettings']
export type TenderList = Schemas['TenderList']
export type AcceptInput = Schemas['AcceptInput']
export type DeclineInput = Schemas['DeclineInput']
export type CounterInput = Schemas['CounterInput']
export type RevisionView = Schemas['RevisionView']
export type TenderDetail = Schemas['TenderDetail']
export type TenderLinkView = Schemas['TenderLinkView']
export type ShipmentRow = Schemas['ShipmentRow']
export type ShipmentPage = Schemas['ShipmentPage']
export type MilestoneView = Schemas['MilestoneView']
export type PositionView = Schemas['ShipmentPositionView']
export type TrackingView = Schemas['TrackingView']
export type ShipmentDocumentView = Schemas['ShipmentDocumentView']
export type ShipmentView = Schemas['ShipmentView']

export type TenderStatus = 'offered' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired'

export type TenderListStatus = 'open' | 'closed' | 'all'

export type ShipmentFilter = 'all' | 'active' | 'delivered' | 'cancelled'

export interface ShipmentListParams {
  status: ShipmentFilter
  q: string
  page: number
  per_page: number
}
