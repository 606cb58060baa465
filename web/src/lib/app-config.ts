import { useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import type { components } from './api-types'
import { queryKeys } from './query-keys'

/** GET /api/config: which offline stand-ins the server runs, and the booking widget. */
function fetchAppConfig(signal?: AbortSignal): Promise<components['schemas']['PublicConfig']> {
  return api.get('/api/config', signal)
}

/** The server's public configuration; it does not change while the page is open. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: Infinity,
  })
}
