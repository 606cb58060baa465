import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type BillingOverview = Schemas['BillingOverview']
export type BillingState = Schemas['BillingState']
export type SubscriptionView = Schemas['SubscriptionView']
export type CardView = Schemas['CardView']
export type PaymentView = Schemas['PaymentView']
export type PortalSession = Schemas['PortalSession']
