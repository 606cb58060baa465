import { api, apiRequest } from '@/lib/api-client'

// Hand-written until src/lib/api-types.ts is regenerated from the OpenAPI contract.

export interface SubscriptionCheck {
  status: string
  subscription_id: string | null
  mode: string
  /** The e-mail the payment was made with; null until paid. */
  email: string | null
  /** Always false until paid. */
  account_exists: boolean
  /** While the checkout is still open: where to go back to pay. */
  checkout_url: string | null
}

export interface AccountCreated {
  /** Where the confirmation link went. */
  email: string
}

export function checkSubscription(sessionId: string, signal?: AbortSignal): Promise<SubscriptionCheck> {
  return apiRequest<SubscriptionCheck>('/api/subscriptions/check', {
    method: 'POST',
    body: { session_id: sessionId },
    signal,
  })
}

/** Creates the fleet admin account for the payer's e-mail; it is confirmed by the e-mailed link. */
export function createAccount(sessionId: string, password: string): Promise<AccountCreated> {
  return api.post<AccountCreated>('/api/subscriptions/account', { session_id: sessionId, password })
}
