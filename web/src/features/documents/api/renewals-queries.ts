import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import { acceptRenewal, fetchRenewals, rejectRenewal } from './renewals-api'

const keys = queryKeys.fleet

/** Shared by the hook and the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const renewalsQuery = {
  queryKey: keys.renewals,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchRenewals(signal),
  refetchOnMount: unlessJustFetched,
}

export function useRenewals() {
  return useQuery(renewalsQuery)
}

/** 409: another admin reviewed the renewal first. */
export const isAlreadyReviewed = (error: unknown) => error instanceof ApiError && error.code === 'already_reviewed'

/**
 * Accept files the renewal as a document: the queue and every documents list
 * (with its counts) refresh. When another admin reviewed it first, both
 * refresh too: that review may have filed it.
 */
export function useReviewRenewal() {
  const queryClient = useQueryClient()
  const refresh = (documents: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.renewals }),
      // The bell and the side menu count the queue.
      queryClient.invalidateQueries({ queryKey: keys.notifications }),
      documents ? queryClient.invalidateQueries({ queryKey: keys.documents }) : null,
    ])
  const accept = useMutation({
    mutationFn: acceptRenewal,
    onSuccess: () => refresh(true),
    onError: (error) => (isAlreadyReviewed(error) ? refresh(true) : undefined),
  })
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectRenewal(id, reason),
    onSuccess: () => refresh(false),
    onError: (error) => (isAlreadyReviewed(error) ? refresh(true) : undefined),
  })
  return { accept, reject }
}
