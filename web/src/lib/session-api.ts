import { api, setCsrfToken } from './api-client'
import type { components } from './api-types'
import { queryKeys } from './query-keys'

export type SessionResponse = components['schemas']['SessionResponse']
export type UserView = components['schemas']['UserView']

/** GET /api/auth/session; remembers the CSRF token it carries. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  const session = await api.get<SessionResponse>('/api/auth/session', signal)
  setCsrfToken(session.csrf_token)
  return session
}

/**
 * The session query's key and fetcher; lib/session.ts adds TanStack's options.
 * This file is in the landing page's bundle (lib/use-signed-in.ts), and so,
 * through it, is lib/query-keys.ts: pure data that every lazily loaded page
 * shares without weighing on the signup pages' budget (scripts/check-bundle.mjs).
 */
export const sessionQueryBase = {
  queryKey: queryKeys.session,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSession(signal),
}
