import type { StatusTone } from '@/lib/billing-status'
import { formatCents } from '@/lib/money'
import { format, texts } from '@/lib/texts'
import type { CardView, PaymentView, SubscriptionView } from './api/types'

const b = texts.billing

/** How many payments the Overview's Recent Payments shows. */
export const RECENT_PAYMENTS = 3

/** The plan's price as the Overview shows it: '$99/month'; null when Stripe has no price. */
export function planPrice(subscription: Pick<SubscriptionView, 'amount_cents'>): string | null {
  return subscription.amount_cents === null ? null : `${formatCents(subscription.amount_cents)}${b.perMonth}`
}

/** A Stripe id shown short: its first 10 characters and an ellipsis when longer. */
export function truncateId(id: string, length = 10): string {
  return id.length > length ? `${id.slice(0, length)}…` : id
}

/** Stripe's card brand ids ('visa', 'amex', …) as the brands write their names. */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
}

/** 'visa' → 'Visa', 'amex' → 'American Express'; 'Card' when Stripe does not know the brand. */
export function cardBrand(brand: string | null | undefined): string {
  const id = brand?.trim().toLowerCase() ?? ''
  if (!id || id === 'unknown') return 'Card'
  return CARD_BRANDS[id] ?? id.charAt(0).toUpperCase() + id.slice(1).replace(/_/g, ' ')
}

/** 'Visa ending in 4242'; null without a last 4. */
export function cardLabel(card: Pick<CardView, 'brand' | 'last4'> | null | undefined): string | null {
  if (!card?.last4) return null
  return format(b.cardEnding, { brand: cardBrand(card.brand), last4: card.last4 })
}

/** 'Expires 04/2030'; null when the card has no expiry. */
export function cardExpiry(card: Pick<CardView, 'exp_month' | 'exp_year'> | null | undefined): string | null {
  if (!card || card.exp_month === null || card.exp_year === null) return null
  return format(b.cardExpires, { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })
}

/** A payment's status: 'succeeded' reads 'Paid' in green; any other (pending, failed) as is, in amber. */
export function paymentStatus(status: string): { label: string; tone: StatusTone } {
  return status === 'succeeded' ? { label: b.paid, tone: 'success' } : { label: status, tone: 'warning' }
}

/** What a payment was for; Stripe may leave it empty. */
export function paymentDescription(payment: Pick<PaymentView, 'description'>): string {
  return payment.description.trim() || b.defaultDescription
}

/** The newest payments for the Overview, and whether there are more than it shows. */
export function recentPayments<T>(payments: T[]): { recent: T[]; more: boolean } {
  return { recent: payments.slice(0, RECENT_PAYMENTS), more: payments.length > RECENT_PAYMENTS }
}

/** How often and how many times the page asks again while Stripe is being read. */
export const REFRESH_POLL_MS = 3000
export const REFRESH_POLL_LIMIT = 10
