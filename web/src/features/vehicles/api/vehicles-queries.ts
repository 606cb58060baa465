import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListParams } from '@/lib/paging'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import { useDetailRetry } from '@/lib/use-detail-retry'
import { fetchTrailer, fetchTrailers, fetchTruck, fetchTrucks } from './vehicles-api'

const keys = queryKeys.fleet

// The options are shared by the hooks and the route's prefetch
// (app/fleet-dashboard/screen-data.ts): one key, one fetch.
export const trucksPageQuery = (params: ListParams) => ({
  queryKey: [...keys.trucks, params],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchTrucks(params, signal),
  refetchOnMount: unlessJustFetched,
})

export const truckQuery = (id: string) => ({
  queryKey: [...keys.truck, id],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchTruck(id, signal),
  refetchOnMount: unlessJustFetched,
})

export const trailersPageQuery = (params: ListParams) => ({
  queryKey: [...keys.trailers, params],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchTrailers(params, signal),
  refetchOnMount: unlessJustFetched,
})

export const trailerQuery = (id: string) => ({
  queryKey: [...keys.trailer, id],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchTrailer(id, signal),
  refetchOnMount: unlessJustFetched,
})

export function useTrucksPage(params: ListParams) {
  return useQuery({ ...trucksPageQuery(params), placeholderData: keepPreviousData })
}

export function useTruck(id: string) {
  const retry = useDetailRetry()
  return useQuery({ ...truckQuery(id), retry })
}

export function useTrailersPage(params: ListParams) {
  return useQuery({ ...trailersPageQuery(params), placeholderData: keepPreviousData })
}

export function useTrailer(id: string) {
  const retry = useDetailRetry()
  return useQuery({ ...trailerQuery(id), retry })
}
