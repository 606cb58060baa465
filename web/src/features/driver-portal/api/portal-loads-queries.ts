import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PortalLoad, PortalLoads } from '../loads/portal-load-types'
import { acceptPortalLoad, declinePortalLoad, fetchPortalLoad, fetchPortalLoads } from './portal-loads-api'

/** Under ['portal', …]: kept on the phone for offline use with the portal's other queries. */
export const portalLoadKeys = {
  all: ['portal', 'loads'],
  list: ['portal', 'loads', 'list'],
  one: (id: string) => ['portal', 'loads', 'one', id],
} as const

export const portalLoadsQuery = queryOptions({
  queryKey: portalLoadKeys.list,
  queryFn: ({ signal }) => fetchPortalLoads(signal),
  // The answer the entry fetched before the first render is not asked for again by the screen it was for.
  staleTime: 30_000,
})

export function usePortalLoads() {
  return useQuery(portalLoadsQuery)
}

export function usePortalLoad(id: string) {
  const queryClient = useQueryClient()
  return useQuery<PortalLoad>({
    queryKey: portalLoadKeys.one(id),
    queryFn: ({ signal }) => fetchPortalLoad(id, signal),
    // The list's copy shows at once (and offline) while the load itself is asked for.
    placeholderData: (): PortalLoad | undefined => {
      const list = queryClient.getQueryData<PortalLoads>(portalLoadKeys.list)
      return list && [...list.current, ...list.upcoming, ...list.past].find((l) => l.id === id)
    },
  })
}

/** The server's answer replaces the load everywhere the phone shows it. */
function useStoreLoad() {
  const queryClient = useQueryClient()
  return (load: PortalLoad) => {
    queryClient.setQueryData(portalLoadKeys.one(load.id), load)
    void queryClient.invalidateQueries({ queryKey: portalLoadKeys.list })
  }
}

export function useAcceptLoad(id: string) {
  const store = useStoreLoad()
  return useMutation({ mutationFn: () => acceptPortalLoad(id), onSuccess: store })
}

export function useDeclineLoad(id: string) {
  const store = useStoreLoad()
  return useMutation({ mutationFn: (reason: string) => declinePortalLoad(id, reason), onSuccess: store })
}
