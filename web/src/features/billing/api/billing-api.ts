import { api } from '@/lib/api-client'
import type { BillingOverview, BillingState, PortalSession } from './types'

const BILLING = '/api/fleet/billing'

export const fetchBilling = (signal?: AbortSignal) => api.get<BillingOverview>(BILLING, signal)

export const fetchBillingState = (signal?: AbortSignal) => api.get<BillingState>(`${BILLING}/state`, signal)

/** A Stripe Customer Portal session for the fleet's customer; its `url` opens in a new tab. */
export const createPortalSession = () => api.post<PortalSession>(`${BILLING}/portal`)
