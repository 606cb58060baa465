import { api } from '@/lib/api-client'

// The offline Stripe stand-in's hosted checkout. Hand-written until
// src/lib/api-types.ts is regenerated from the OpenAPI contract.

export interface TestCheckoutSession {
  id: string
  amount_cents: number
  currency: 'usd'
  description: string
  email: string | null
  status: 'open' | 'complete'
  success_url: string
  cancel_url: string
}

export interface PayRequest {
  card_number: string
  expiry: string
  cvc: string
}

export const testCheckoutKeys = {
  session: (id: string) => ['test-checkout', id] as const,
}

const sessionPath = (id: string) => `/api/test-checkout/${encodeURIComponent(id)}`

export function fetchTestCheckout(id: string, signal?: AbortSignal): Promise<TestCheckoutSession> {
  return api.get<TestCheckoutSession>(sessionPath(id), signal)
}

export function payTestCheckout(id: string, body: PayRequest): Promise<{ success_url: string }> {
  return api.post<{ success_url: string }>(`${sessionPath(id)}/pay`, body)
}
