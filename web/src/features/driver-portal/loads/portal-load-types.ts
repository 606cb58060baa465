/**
 * The driver's loads as /api/portal/loads gives them. Kept here until the
 * generated contract (lib/api-types.ts) has them.
 */
export type StopEventName = 'arrived' | 'completed' | 'departed'
export type ReportSource = 'driver' | 'office' | 'eld'

export interface PortalStopReport {
  event: StopEventName
  source: ReportSource
  at: string
}

export interface PortalStopDocument {
  id: string
  document_type: string
  file_name: string
  receiver_name: string | null
  amount_cents: number | null
  created_at: string
}

export interface PortalFacility {
  name: string
  address: string
  city: string
  state: string
  zip: string | null
  lat: number
  lon: number
  contact_name: string | null
  contact_phone: string | null
  hours: string | null
}

export interface PortalStop {
  seq: number
  kind: 'pickup' | 'delivery' | string
  facility: PortalFacility
  time_zone: string
  local_start: string
  local_end: string | null
  starts_at: string
  ends_at: string
  instructions: string | null
  arrived_at: string | null
  departed_at: string | null
  completed: boolean
  reports: PortalStopReport[]
  documents: PortalStopDocument[]
}

export interface PortalLoad {
  id: string
  load_number: string
  pro_number: number
  status: string
  driver_response: 'accepted' | 'declined' | null
  decline_reason: string | null
  bol_number: string | null
  po_number: string | null
  pickup_number: string | null
  commodity: string | null
  weight_lbs: number | null
  pieces: number | null
  equipment_type: string
  length_ft: number | null
  reefer_temp_f: number | null
  hazmat_class: string | null
  un_number: string | null
  notes: string | null
  truck_number: string | null
  trailer_number: string | null
  co_driver_name: string | null
  revenue_cents: number | null
  stops: PortalStop[]
}

export interface PortalLoads {
  current: PortalLoad[]
  upcoming: PortalLoad[]
  past: PortalLoad[]
}
