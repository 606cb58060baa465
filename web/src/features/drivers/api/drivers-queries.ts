import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { components } from '@/lib/api-types'
import type { ListParams } from '@/lib/paging'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import { useDetailRetry } from '@/lib/use-detail-retry'
import { createDriver, fetchDriver, fetchDrivers, sendPortalInvite, setDriverActive, updateDriver } from './drivers-api'

const keys = queryKeys.fleet

// Shared by the hooks and the route's prefetch (app/fleet-dashboard/screen-data.ts).
export const driversPageQuery = (params: ListParams) => ({
  queryKey: [...keys.drivers, params],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDrivers(params, signal),
  refetchOnMount: unlessJustFetched,
})

export const driverQuery = (id: string) => ({
  queryKey: [...keys.driver, id],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDriver(id, signal),
  refetchOnMount: unlessJustFetched,
})

export function useDriversPage(params: ListParams) {
  return useQuery({ ...driversPageQuery(params), placeholderData: keepPreviousData })
}

export function useDriver(id: string) {
  const retry = useDetailRetry()
  return useQuery({ ...driverQuery(id), retry })
}

/** A driver change shows in the driver lists and details, the overview counts and the truck and trailer driver names. */
function invalidateDrivers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      keys.drivers,
      keys.driver,
      keys.overview,
      keys.trucks,
      keys.truck,
      keys.trailers,
      keys.trailer,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}

/** POST /api/fleet/drivers, or PUT /api/fleet/drivers/{id} when `id` is given. */
export function useSaveDriver(id?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: components['schemas']['DriverInput']) => (id ? updateDriver(id, body) : createDriver(body)),
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

/** POST /api/fleet/drivers/{id}/portal-invite: nothing shown on screen changes. */
export function useSendPortalInvite(id: string) {
  return useMutation({ mutationFn: () => sendPortalInvite(id) })
}
