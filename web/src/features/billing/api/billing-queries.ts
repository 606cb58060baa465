import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import { REFRESH_POLL_LIMIT, REFRESH_POLL_MS } from '../billing-format'
import { createPortalSession, fetchBilling, fetchBillingState } from './billing-api'

/** The Billing screen's fetch, shared with the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const billingOverviewQuery = (queryClient: QueryClient) => ({
  queryKey: queryKeys.fleet.billing,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const overview = await fetchBilling(signal)
    queryClient.setQueryData(queryKeys.fleet.billingState, overview.state)
    return overview
  },
  refetchOnMount: unlessJustFetched,
})

/** The shell's billing state, shared with the route's prefetch. */
export const billingStateQuery = {
  queryKey: queryKeys.fleet.billingState,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchBillingState(signal),
  staleTime: 60_000,
}

/**
 * The Billing screen's data. While the server reads Stripe in the background
 * (`refreshing`) it is asked again every few seconds, a bounded number of times.
 * Each answer also carries the billing state, which the shell's banner shows.
 */
export function useBillingOverview() {
  return useQuery({
    ...billingOverviewQuery(useQueryClient()),
    refetchInterval: (query) =>
      query.state.data?.refreshing && query.state.dataUpdateCount <= REFRESH_POLL_LIMIT ? REFRESH_POLL_MS : false,
  })
}

/** Past due, unpaid or read-only: read by the shell on every screen, and again when the window regains focus. */
export function useBillingState() {
  return useQuery({ ...billingStateQuery, refetchOnWindowFocus: true })
}

export function usePortalSession() {
  return useMutation({ mutationFn: createPortalSession })
}
