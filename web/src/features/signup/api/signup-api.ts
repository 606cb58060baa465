import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type CompanyInfo = Schemas['CompanyInfo']
export type SignupView = Schemas['SignupView']
type LookupResponse = Schemas['LookupResponse']
type CheckoutResponse = Schemas['CheckoutResponse']

const signupPath = (id: string) => `/api/signups/${encodeURIComponent(id)}`

export function lookupCarrier(dotNumber: string): Promise<LookupResponse> {
  return api.post<LookupResponse>('/api/signup/lookup', { dot_number: dotNumber } satisfies Schemas['LookupRequest'])
}

/** Creates the signup record, or updates the one this page session already created. */
export function saveSignup(dotNumber: string, signupId: string | null): Promise<SignupView> {
  return api.post<SignupView>('/api/signups', { dot_number: dotNumber, signup_id: signupId } satisfies Schemas['SaveCompanyRequest'])
}

export function fetchSignup(id: string, signal?: AbortSignal): Promise<SignupView> {
  return api.get<SignupView>(signupPath(id), signal)
}

export function saveStep(id: string, step: number): Promise<SignupView> {
  return api.put<SignupView>(`${signupPath(id)}/step`, { current_step: step } satisfies Schemas['StepRequest'])
}

export function saveContact(id: string, contact: Schemas['ContactRequest']): Promise<SignupView> {
  return api.put<SignupView>(`${signupPath(id)}/contact`, contact)
}

export function startCheckout(id: string): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>(`${signupPath(id)}/checkout`, {})
}
