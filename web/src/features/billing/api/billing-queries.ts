import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { REFRESH_POLL_LIMIT, REFRESH_POLL_MS } from '../billing-format'
import { createPortalSession, fetchBilling, fetchBillingState } from './billing-api'

/**
 * The Billing screen's data. While the server reads Stripe in the background
 * (`refreshing`) it is asked again every few seconds, a bounded number of times.
 * Each answer also carries the billing state, which the shell's banner shows.
 */
export function useBillingOverview() {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: queryKeys.fleet.billing,
    queryFn: async ({ signal }) => {
      const overview = await fetchBilling(signal)
      queryClient.setQueryData(queryKeys.fleet.billingState, overview.state)
      return overview
    },
    refetchInterval: (query) =>
      query.state.data?.refreshing && query.state.dataUpdateCount <= REFRESH_POLL_LIMIT ? REFRESH_POLL_MS : false,
  })
}

/** Past due, unpaid or read-only: read by the shell on every screen, and again when the window regains focus. */
export function useBillingState() {
  return useQuery({
    queryKey: queryKeys.fleet.billingState,
    queryFn: ({ signal }) => fetchBillingState(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  })
}

export function usePortalSession() {
  return useMutation({ mutationFn: createPortalSession })
}
