import { api, setCsrfToken } from './api-client'
import type { components } from './api-types'

export type SessionResponse = components['schemas']['SessionResponse']
export type UserView = components['schemas']['UserView']

/** GET /api/auth/session; remembers the CSRF token it carries. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  const session = await api.get<SessionResponse>('/api/auth/session', signal)
  setCsrfToken(session.csrf_token)
  return session
}
