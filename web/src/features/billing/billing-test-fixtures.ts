import type { BillingOverview, PaymentView } from './api/types'

// 2025-01-05 12:00 UTC: the same calendar day in any time zone the tests run in.
export const JAN_5_2025 = 1736078400
const DAY = 86400

export function payment(index: number, overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: `ch_${index}`,
    amount_cents: 9900,
    amount_refunded_cents: 0,
    currency: 'usd',
    status: 'succeeded',
    created: JAN_5_2025 - index * 30 * DAY,
    description: `Fleet Pro invoice ${index}`,
    card_brand: 'visa',
    card_last4: '4242',
    receipt_url: `/test-portal/receipts/ch_${index}`,
    ...overrides,
  }
}

export function billingOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    subscription: {
      id: 'sub_demo1234567890',
      plan_name: 'Fleet Pro',
      amount_cents: 9900,
      currency: 'usd',
      status: 'active',
      current_period_end: JAN_5_2025,
      cancel_at_period_end: false,
      card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
    },
    payments: [0, 1, 2, 3, 4, 5].map((index) => payment(index)),
    state: { status: 'active', past_due_since: null, read_only_from: null, read_only: false },
    refreshed_at: '2025-01-05T12:00:00Z',
    refreshing: false,
    stand_in: false,
    ...overrides,
  }
}
