import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

// The offline Stripe stand-in's Customer Portal (dev only).

type Schemas = components['schemas']

export type TestPortalView = Schemas['TestPortalView']
export type TestPortalActionRequest = Schemas['TestPortalActionRequest']
export type PortalAction = Schemas['PortalAction']
export type PaymentView = Schemas['PaymentView']

const enc = encodeURIComponent

export const fetchTestPortal = (id: string, signal?: AbortSignal) =>
  api.get<TestPortalView>(`/api/test-portal/${enc(id)}`, signal)

export const runTestPortalAction = (id: string, body: TestPortalActionRequest) =>
  api.post<TestPortalView>(`/api/test-portal/${enc(id)}/actions`, body)

export const fetchTestReceipt = (id: string, signal?: AbortSignal) =>
  api.get<PaymentView>(`/api/test-portal/receipts/${enc(id)}`, signal)
