import { useQuery } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { fetchFleetAccount, fleetKeys } from './api/fleet-api'

/** GET /api/fleet/account, shared by the shell and every screen inside it. */
export function useFleetAccount() {
  return useQuery({
    queryKey: fleetKeys.account,
    queryFn: ({ signal }) => fetchFleetAccount(signal),
    staleTime: 60_000,
    // 403/404 mean "no fleet account": asking again will not change that.
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 403 || error.status === 404)) && count < 2,
  })
}

/** True when the error means the signed-in user has no fleet account. */
export function isNoFleetAccount(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
}
