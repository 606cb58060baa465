import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { unlessJustFetched } from '@/lib/prefetch'

// The dispatch board's fetchers and query keys, apart from the loads
// screens' own (features/loads/api/) so that the two are built at once
// without clashing.

type Schemas = components['schemas']
export type AssignmentInput = Schemas['AssignmentInput']
export type EligibilityView = Schemas['EligibilityView']
export type AssignmentView = Schemas['AssignmentView']
export type LoadView = Schemas['LoadView']

export type Severity = 'block' | 'warn' | 'info'
export type CauseKind = 'driver' | 'truck' | 'trailer' | 'qualification' | 'document' | 'load'
/** FindingView with its two enumerations narrowed (the server sends them as strings). */
export type Finding = Omit<Schemas['FindingView'], 'severity' | 'cause_kind'> & {
  severity: Severity
  cause_kind: CauseKind
}

/** The load statuses the board shows (tendered … delivered). */
export type BoardStatus =
  | 'tendered'
  | 'accepted'
  | 'planned'
  | 'dispatched'
  | 'at_pickup'
  | 'loaded'
  | 'in_transit'
  | 'at_delivery'
  | 'delivered'

/** GET /api/fleet/dispatch's load, its status narrowed to the ones the board shows. */
export type DispatchLoad = Omit<Schemas['DispatchLoad'], 'status'> & { status: BoardStatus }
/** GET /api/fleet/dispatch: the loads whose span meets the days shown, the drivers, trucks and trailers. */
export type DispatchBoard = Omit<Schemas['DispatchBoard'], 'loads'> & { loads: DispatchLoad[] }

export interface BoardRequest {
  /** YYYY-MM-DD, or empty for the server's today in the fleet's zone. */
  from: string
  days: number
  customerId: string
  driverId: string
}

export function fetchDispatchBoard(request: BoardRequest, signal?: AbortSignal): Promise<DispatchBoard> {
  const query = new URLSearchParams({ days: String(request.days) })
  if (request.from) query.set('from', request.from)
  if (request.customerId) query.set('customer_id', request.customerId)
  if (request.driverId) query.set('driver_id', request.driverId)
  return api.get<DispatchBoard>(`/api/fleet/dispatch?${query}`, signal)
}

const loadPath = (id: string) => `/api/fleet/loads/${encodeURIComponent(id)}`

export type CustomerView = Schemas['CustomerView']
export const fetchCustomers = (signal?: AbortSignal) =>
  api.get<Schemas['CustomerList']>('/api/fleet/customers', signal).then((list) => list.customers)

export const fetchLoad = (id: string, signal?: AbortSignal) => api.get<LoadView>(loadPath(id), signal)

/** A load read on its own (one not on the board's week) in the board's shape. */
export function boardLoadOf(load: LoadView): DispatchLoad {
  const first = load.stops[0]
  const last = load.stops[load.stops.length - 1]
  const place = (stop: (typeof load.stops)[number] | undefined) =>
    stop ? `${stop.facility.city}, ${stop.facility.state}` : ''
  return {
    id: load.id,
    pro_number: load.pro_number,
    load_number: load.load_number,
    customer_id: load.customer.id,
    customer_name: load.customer.name,
    status: load.status as BoardStatus,
    equipment_type: load.equipment_type,
    first_pickup_at: first?.starts_at ?? '',
    last_delivery_at: last?.ends_at ?? '',
    origin: place(first),
    destination: place(last),
    driver_response: load.driver_response,
    decline_reason: load.decline_reason,
    driver_id: load.driver_id,
    second_driver_id: load.second_driver_id,
    truck_id: load.truck_id,
    trailer_id: load.trailer_id,
  }
}

export const fetchEligibility = (id: string, input: AssignmentInput) =>
  api.post<EligibilityView>(`${loadPath(id)}/eligibility`, input)

export const assignLoad = (id: string, input: AssignmentInput) =>
  api.post<AssignmentView>(`${loadPath(id)}/assignment`, input)

export const changeStatus = (id: string, status: 'accepted' | 'dispatched') =>
  api.post<LoadView>(`${loadPath(id)}/status`, { status })

// Keys: under ['fleet', 'loads'], so what the loads screens' mutations
// invalidate there refreshes the board too, and the other way round.
const LOADS = ['fleet', 'loads'] as const
const LOAD = ['fleet', 'load'] as const
export const dispatchKeys = {
  board: [...LOADS, 'dispatch'] as const,
  eligibility: [...LOADS, 'dispatch', 'eligibility'] as const,
  customers: [...LOADS, 'dispatch', 'customers'] as const,
}

export const boardQuery = (request: BoardRequest) => ({
  queryKey: [...dispatchKeys.board, request],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDispatchBoard(request, signal),
  // The route's prefetch has just asked: the page takes that answer instead of asking again.
  refetchOnMount: unlessJustFetched,
})

export function useDispatchBoard(request: BoardRequest) {
  // The previous week stays on screen while the next one loads.
  return useQuery({ ...boardQuery(request), placeholderData: keepPreviousData })
}

/** The customer filter's choices. */
export const customersQuery = {
  queryKey: dispatchKeys.customers,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCustomers(signal),
  staleTime: 60_000,
}

export function useCustomers() {
  return useQuery(customersQuery)
}

/** A load that the board's week does not show (the dialog opened from the load page), while `enabled`. */
export function useLoadForDialog(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...LOAD, id],
    queryFn: ({ signal }) => fetchLoad(id, signal),
    enabled: enabled && id !== '',
    select: boardLoadOf,
  })
}

/** The findings of one choice of driver(s), truck and trailer, asked again whenever it changes. */
export function useEligibility(loadId: string, input: AssignmentInput | null) {
  return useQuery({
    queryKey: [...dispatchKeys.eligibility, loadId, input],
    queryFn: () => fetchEligibility(loadId, input as AssignmentInput),
    enabled: input !== null,
    staleTime: 30_000,
    retry: false,
  })
}

function useInvalidateLoads() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: LOADS }),
      queryClient.invalidateQueries({ queryKey: LOAD }),
    ])
}

export function useAssignLoad() {
  const invalidate = useInvalidateLoads()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AssignmentInput }) => assignLoad(id, input),
    onSettled: invalidate,
  })
}

export function useChangeStatus() {
  const invalidate = useInvalidateLoads()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'accepted' | 'dispatched' }) => changeStatus(id, status),
    onSettled: invalidate,
  })
}
