import { api, apiRequest } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type SubscriptionCheck = Schemas['SubscriptionCheck']

export function checkSubscription(sessionId: string, signal?: AbortSignal): Promise<SubscriptionCheck> {
  return apiRequest<SubscriptionCheck>('/api/subscriptions/check', {
    method: 'POST',
    body: { session_id: sessionId } satisfies Schemas['CheckRequest'],
    signal,
  })
}

/** Creates the fleet admin account for the payer's e-mail; it is confirmed by the e-mailed link. */
export function createAccount(sessionId: string, password: string): Promise<Schemas['AccountCreated']> {
  return api.post('/api/subscriptions/account', { session_id: sessionId, password } satisfies Schemas['AccountRequest'])
}
