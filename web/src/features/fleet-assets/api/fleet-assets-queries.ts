import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import {
  createDriver,
  fetchAccount,
  fetchDriver,
  fetchDrivers,
  fetchTrailer,
  fetchTrailers,
  fetchTruck,
  fetchTrucks,
  fleetKeys,
  setDriverActive,
  updateDriver,
} from './fleet-assets-api'
import type { DriverInput, ListParams } from './types'

/** Detail screens show their own not-found state for a 404 instead of retrying it. */
function useDetailRetry() {
  const fallback = useQueryClient().getDefaultOptions().queries?.retry ?? 3
  return (failureCount: number, error: Error): boolean => {
    if (error instanceof ApiError && error.status === 404) return false
    if (typeof fallback === 'function') return fallback(failureCount, error)
    if (typeof fallback === 'boolean') return fallback
    return failureCount < fallback
  }
}

/** Whether the fleet has an ELD connection; undefined while unknown (or when the account failed to load). */
export function useEldConnected(): boolean | undefined {
  const query = useQuery({
    queryKey: fleetKeys.account,
    queryFn: ({ signal }) => fetchAccount(signal),
    staleTime: 60_000,
  })
  return query.data?.eld?.connected
}

export function useTrucksPage(params: ListParams) {
  return useQuery({
    queryKey: fleetKeys.trucks.page(params),
    queryFn: ({ signal }) => fetchTrucks(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useTruck(id: string) {
  const retry = useDetailRetry()
  return useQuery({
    queryKey: fleetKeys.truck(id),
    queryFn: ({ signal }) => fetchTruck(id, signal),
    retry,
  })
}

export function useTrailersPage(params: ListParams) {
  return useQuery({
    queryKey: fleetKeys.trailers.page(params),
    queryFn: ({ signal }) => fetchTrailers(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useTrailer(id: string) {
  const retry = useDetailRetry()
  return useQuery({
    queryKey: fleetKeys.trailer(id),
    queryFn: ({ signal }) => fetchTrailer(id, signal),
    retry,
  })
}

export function useDriversPage(params: ListParams) {
  return useQuery({
    queryKey: fleetKeys.drivers.page(params),
    queryFn: ({ signal }) => fetchDrivers(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useDriver(id: string) {
  const retry = useDetailRetry()
  return useQuery({
    queryKey: fleetKeys.driver(id),
    queryFn: ({ signal }) => fetchDriver(id, signal),
    retry,
  })
}

/** A driver change shows in the driver lists and details, the overview counts and the truck and trailer driver names. */
function invalidateDrivers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      fleetKeys.drivers.all,
      fleetKeys.driverAll,
      fleetKeys.overview,
      fleetKeys.trucks.all,
      ['fleet', 'truck'],
      fleetKeys.trailers.all,
      ['fleet', 'trailer'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}

/** POST /api/fleet/drivers, or PUT /api/fleet/drivers/{id} when `id` is given. */
export function useSaveDriver(id?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DriverInput) => (id ? updateDriver(id, body) : createDriver(body)),
    onSuccess: () => invalidateDrivers(queryClient),
  })
}

export function useSetDriverActive(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (active: boolean) => setDriverActive(id, active),
    onSuccess: () => invalidateDrivers(queryClient),
  })
}
