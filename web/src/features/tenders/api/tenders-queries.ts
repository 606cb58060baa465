import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  acceptCounter,
  acceptFleetTender,
  acceptTenderLink,
  counterFleetTender,
  createBrokerFacility,
  createTender,
  declineFleetTender,
  declineTenderLink,
  fetchBrokerFacilities,
  fetchBrokerTenders,
  fetchFleetTender,
  fetchFleetTenders,
  fetchShipment,
  fetchShipments,
  fetchTenderLink,
  fetchTenderSettings,
  saveTenderSettings,
  withdrawTender,
} from './tenders-api'
import type { AcceptInput, CounterInput, DeclineInput, ShipmentListParams, TenderListStatus } from './types'

/**
 * The tenders' query keys: the broker's under `broker` and the carrier's under
 * `fleet` (signing out drops each side whole); an accept refreshes the
 * fleet's loads (`['fleet', 'loads']`) too.
 */
export const tenderKeys = {
  brokerFacilities: ['broker', 'facilities'] as const,
  brokerTenders: ['broker', 'tenders'] as const,
  brokerTenderList: (status: TenderListStatus) => ['broker', 'tenders', 'list', status] as const,
  shipments: ['broker', 'shipments'] as const,
  shipmentList: (params: ShipmentListParams) => ['broker', 'shipments', 'list', params] as const,
  shipment: (id: string) => ['broker', 'shipments', 'detail', id] as const,
  fleetTenders: ['fleet', 'tenders'] as const,
  fleetTenderList: (status: TenderListStatus) => ['fleet', 'tenders', 'list', status] as const,
  fleetTender: (id: string) => ['fleet', 'tenders', 'detail', id] as const,
  fleetSettings: ['fleet', 'tenders', 'settings'] as const,
  fleetLoads: ['fleet', 'loads'] as const,
  fleetNotifications: ['fleet', 'notifications'] as const,
  link: (fleet: string, token: string) => ['tender-link', fleet, token] as const,
}

export function useBrokerFacilities() {
  return useQuery({
    queryKey: tenderKeys.brokerFacilities,
    queryFn: ({ signal }) => fetchBrokerFacilities(signal),
    staleTime: 60_000,
  })
}

export function useCreateBrokerFacility() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createBrokerFacility,
    onSuccess: () => void client.invalidateQueries({ queryKey: tenderKeys.brokerFacilities }),
  })
}

export function useCreateTender() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createTender,
    onSuccess: () => void client.invalidateQueries({ queryKey: tenderKeys.brokerTenders }),
  })
}

export function useBrokerTenders(status: TenderListStatus) {
  return useQuery({
    queryKey: tenderKeys.brokerTenderList(status),
    queryFn: ({ signal }) => fetchBrokerTenders(status, signal),
  })
}

/** Withdraw or accept the counter: both change the tender and may make a shipment. */
export function useBrokerTenderAction(action: 'withdraw' | 'acceptCounter') {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => (action === 'withdraw' ? withdrawTender(id) : acceptCounter(id)),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: tenderKeys.brokerTenders })
      void client.invalidateQueries({ queryKey: tenderKeys.shipments })
    },
  })
}

export function useShipments(params: ShipmentListParams) {
  return useQuery({
    queryKey: tenderKeys.shipmentList(params),
    queryFn: ({ signal }) => fetchShipments(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useShipment(id: string) {
  return useQuery({
    queryKey: tenderKeys.shipment(id),
    queryFn: ({ signal }) => fetchShipment(id, signal),
    // The tracking panel follows the load while the page is open.
    refetchInterval: (query) => (query.state.data?.tracking ? 60_000 : false),
  })
}

export function useFleetTenders(status: TenderListStatus) {
  return useQuery({
    queryKey: tenderKeys.fleetTenderList(status),
    queryFn: ({ signal }) => fetchFleetTenders(status, signal),
  })
}

export function useFleetTender(id: string | null) {
  return useQuery({
    queryKey: tenderKeys.fleetTender(id ?? ''),
    queryFn: ({ signal }) => fetchFleetTender(id ?? '', signal),
    enabled: id !== null,
  })
}

export type FleetAnswer =
  | { kind: 'accept'; input: AcceptInput }
  | { kind: 'decline'; input: DeclineInput }
  | { kind: 'counter'; input: CounterInput }

/** The carrier's accept, decline or counter; each answer refreshes the tenders, the loads and the bell. */
export function useFleetTenderAnswer(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (answer: FleetAnswer) =>
      answer.kind === 'accept'
        ? acceptFleetTender(id, answer.input)
        : answer.kind === 'decline'
          ? declineFleetTender(id, answer.input)
          : counterFleetTender(id, answer.input),
    onSuccess: (detail) => client.setQueryData(tenderKeys.fleetTender(id), detail),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: tenderKeys.fleetTenders })
      void client.invalidateQueries({ queryKey: tenderKeys.fleetLoads })
      void client.invalidateQueries({ queryKey: tenderKeys.fleetNotifications })
    },
  })
}

export function useTenderLink(fleet: string, token: string) {
  return useQuery({
    queryKey: tenderKeys.link(fleet, token),
    queryFn: ({ signal }) => fetchTenderLink(fleet, token, signal),
    retry: false,
  })
}

export type LinkAnswer = { kind: 'accept'; input: AcceptInput } | { kind: 'decline'; input: DeclineInput }

export function useTenderLinkAnswer(fleet: string, token: string) {
  return useMutation({
    mutationFn: (answer: LinkAnswer) =>
      answer.kind === 'accept' ? acceptTenderLink(fleet, token, answer.input) : declineTenderLink(fleet, token, answer.input),
  })
}

/** The fleet's default for sharing a booked load's position with its broker. */
export function useTenderSettings() {
  return useQuery({
    queryKey: tenderKeys.fleetSettings,
    queryFn: ({ signal }) => fetchTenderSettings(signal),
  })
}

export function useSaveTenderSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveTenderSettings,
    onSuccess: (saved) => client.setQueryData(tenderKeys.fleetSettings, saved),
  })
}
