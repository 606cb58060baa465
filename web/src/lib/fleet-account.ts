import { useQuery } from '@tanstack/react-query'
import { api, ApiError } from './api-client'
import type { components } from './api-types'
import { queryKeys } from './query-keys'

export type FleetAccountView = components['schemas']['FleetAccountView']

/**
 * GET /api/fleet/account: the one fetcher of `queryKeys.fleet.account`, shared
 * by the dashboard shell, the company screens and the ELD notice of the lists.
 */
function fetchFleetAccount(signal?: AbortSignal): Promise<FleetAccountView> {
  return api.get('/api/fleet/account', signal)
}

/** True when the error means the signed-in user has no fleet account. */
export function isNoFleetAccount(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
}

/**
 * The signed-in fleet admin's fleet account: one key and one fetch for the
 * shell, the screens and the route's prefetch (app/fleet-dashboard/screen-data.ts),
 * fresh for a minute so that moving between screens asks again at most once.
 */
export const fleetAccountQuery = {
  queryKey: queryKeys.fleet.account,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchFleetAccount(signal),
  staleTime: 60_000,
  // 403/404 mean "no fleet account": asking again will not change that.
  retry: (count: number, error: Error) => !isNoFleetAccount(error) && count < 2,
}

/** The signed-in fleet admin's fleet account. */
export function useFleetAccount() {
  return useQuery(fleetAccountQuery)
}

/** Whether the fleet has an ELD connection; undefined while unknown (or when the account failed to load). */
export function useEldConnected(): boolean | undefined {
  return useFleetAccount().data?.eld.connected
}
