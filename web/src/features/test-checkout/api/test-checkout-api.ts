import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

// The offline Stripe stand-in's hosted checkout.

type Schemas = components['schemas']

export type PayRequest = Schemas['PayRequest']

const sessionPath = (id: string) => `/api/test-checkout/${encodeURIComponent(id)}`

export function fetchTestCheckout(id: string, signal?: AbortSignal): Promise<Schemas['TestCheckoutView']> {
  return api.get(sessionPath(id), signal)
}

export function payTestCheckout(id: string, body: PayRequest): Promise<Schemas['PayResponse']> {
  return api.post(`${sessionPath(id)}/pay`, body)
}
