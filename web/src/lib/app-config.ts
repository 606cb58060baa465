import { useQuery } from '@tanstack/react-query'
import { api } from './api-client'

/** GET /api/config: which offline stand-ins the server runs, and the booking widget. */
export interface AppConfig {
  stand_ins: { fmcsa: boolean; stripe: boolean }
  booking_url: string | null
}

export const appConfigQueryKey = ['config'] as const

export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>('/api/config', signal)
}

/** The server's public configuration; it does not change while the page is open. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: Infinity,
  })
}
