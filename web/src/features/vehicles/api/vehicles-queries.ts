import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ListParams } from '@/lib/paging'
import { queryKeys } from '@/lib/query-keys'
import { useDetailRetry } from '@/lib/use-detail-retry'
import { fetchTrailer, fetchTrailers, fetchTruck, fetchTrucks } from './vehicles-api'

const keys = queryKeys.fleet

export function useTrucksPage(params: ListParams) {
  return useQuery({
    queryKey: [...keys.trucks, params],
    queryFn: ({ signal }) => fetchTrucks(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useTruck(id: string) {
  const retry = useDetailRetry()
  return useQuery({
    queryKey: [...keys.truck, id],
    queryFn: ({ signal }) => fetchTruck(id, signal),
    retry,
  })
}

export function useTrailersPage(params: ListParams) {
  return useQuery({
    queryKey: [...keys.trailers, params],
    queryFn: ({ signal }) => fetchTrailers(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useTrailer(id: string) {
  const retry = useDetailRetry()
  return useQuery({
    queryKey: [...keys.trailer, id],
    queryFn: ({ signal }) => fetchTrailer(id, signal),
    retry,
  })
}
