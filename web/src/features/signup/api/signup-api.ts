import { api } from '@/lib/api-client'

// Hand-written until src/lib/api-types.ts is regenerated from the OpenAPI contract.

export interface CompanyInfo {
  dot_number: string
  legal_name: string
  /** Already falls back to the legal name on the server. */
  dba_name: string
  street_address: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  phone_number: string | null
  power_units: number
  fleet_size: string
  monthly_rate_cents: number
  plan_description: string
}

export interface ContactInfo {
  first_name: string | null
  last_name: string | null
  email: string | null
  phone: string | null
}

export interface SignupView {
  id: string
  current_step: 1 | 2 | 3
  company: CompanyInfo | null
  contact: ContactInfo | null
  /** Checkout has started: the signup is frozen and shows nothing more. */
  checkout_started: boolean
}

export interface LookupResponse {
  company: CompanyInfo
  stand_in: boolean
}

export interface ContactRequest {
  first_name: string
  last_name: string
  email: string
  phone: string
}

export interface CheckoutResponse {
  url: string
  session_id: string
  /** The signup this checkout charges for (a new one if the asked one had already gone to checkout). */
  signup_id: string
}

export const signupKeys = {
  all: ['signups'] as const,
  detail: (id: string) => ['signups', id] as const,
}

const signupPath = (id: string) => `/api/signups/${encodeURIComponent(id)}`

export function lookupCarrier(dotNumber: string): Promise<LookupResponse> {
  return api.post<LookupResponse>('/api/signup/lookup', { dot_number: dotNumber })
}

/** Creates the signup record, or updates the one this page session already created. */
export function saveSignup(dotNumber: string, signupId: string | null): Promise<SignupView> {
  return api.post<SignupView>('/api/signups', { dot_number: dotNumber, signup_id: signupId })
}

export function fetchSignup(id: string, signal?: AbortSignal): Promise<SignupView> {
  return api.get<SignupView>(signupPath(id), signal)
}

export function saveStep(id: string, step: 1 | 2 | 3): Promise<SignupView> {
  return api.put<SignupView>(`${signupPath(id)}/step`, { current_step: step })
}

export function saveContact(id: string, contact: ContactRequest): Promise<SignupView> {
  return api.put<SignupView>(`${signupPath(id)}/contact`, contact)
}

export function startCheckout(id: string): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>(`${signupPath(id)}/checkout`, {})
}
