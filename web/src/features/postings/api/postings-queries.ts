import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import {
  createPosting,
  fetchPostings,
  fetchTruckChoices,
  fetchVehiclePosition,
  updatePosting,
  withdrawPosting,
} from './postings-api'
import type { PostingInput, PostingsFilter } from './types'

const keys = queryKeys.fleet

/** Shared by the hook and the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const postingsQuery = (status: PostingsFilter) => ({
  queryKey: [...keys.postings, status],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPostings(status, signal),
  refetchOnMount: unlessJustFetched,
})

export function usePostings(status: PostingsFilter) {
  return useQuery(postingsQuery(status))
}

/** The truck's last ELD position, asked for while `enabled` (the dialog is open on a truck). */
export function useVehiclePosition(vehicleId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.vehiclePosition, vehicleId],
    queryFn: ({ signal }) => fetchVehiclePosition(vehicleId, signal),
    enabled: enabled && vehicleId !== '',
    staleTime: 60_000,
  })
}

/**
 * The truck select's choices. The key lies under the Trucks list's, so what
 * refreshes that list (an ELD sync) refreshes these too.
 */
export function useTruckChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...keys.trucks, 'posting-choices'],
    queryFn: ({ signal }) => fetchTruckChoices(signal),
    enabled,
    staleTime: 60_000,
  })
}

/** Posts a truck (no id) or changes a posting (its id). */
export function useSavePosting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PostingInput }) =>
      id ? updatePosting(id, input) : createPosting(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.postings }),
  })
}

export function useWithdrawPosting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: withdrawPosting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.postings }),
  })
}
