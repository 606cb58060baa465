import { api, apiRequest } from '@/lib/api-client'
import type { SessionResponse } from '@/lib/session'

// Hand-written until src/lib/api-types.ts is regenerated from the OpenAPI contract.

export interface SubscriptionCheck {
  status: string
  subscription_id: string | null
  mode: string
  email: string | null
  account_exists: boolean
}

export function checkSubscription(sessionId: string, signal?: AbortSignal): Promise<SubscriptionCheck> {
  return apiRequest<SubscriptionCheck>('/api/subscriptions/check', {
    method: 'POST',
    body: { session_id: sessionId },
    signal,
  })
}

/** Creates the fleet admin account for a paid checkout and signs the browser in. */
export function createAccount(sessionId: string, password: string): Promise<SessionResponse> {
  return api.post<SessionResponse>('/api/subscriptions/account', { session_id: sessionId, password })
}
