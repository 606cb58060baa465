import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import {
  cardExpiry,
  cardLabel,
  paymentDescription,
  paymentStatus,
  planPrice,
  recentPayments,
  truncateId,
} from './billing-format'

const b = texts.billing

describe('plan price', () => {
  it('shows cents as dollars per month', () => {
    expect(planPrice({ amount_cents: 9900 })).toBe('$99/month')
    expect(planPrice({ amount_cents: 9950 })).toBe('$99.50/month')
    expect(planPrice({ amount_cents: 129900 })).toBe('$1,299/month')
    expect(planPrice({ amount_cents: 0 })).toBe('$0/month')
    expect(planPrice({ amount_cents: null })).toBeNull()
  })
})

describe('subscription id', () => {
  it('keeps 10 characters at most', () => {
    expect(truncateId('sub_demo1234567890')).toBe('sub_demo12…')
    expect(truncateId('sub_123456')).toBe('sub_123456')
    expect(truncateId('sub_1234567')).toBe('sub_123456…')
    expect(truncateId('')).toBe('')
  })
})

describe('card', () => {
  it('names the brand and last 4', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242')
    expect(cardLabel({ brand: 'mastercard', last4: '4444' })).toBe('Mastercard ending in 4444')
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005')
    expect(cardLabel({ brand: 'unknown', last4: '0005' })).toBe('Card ending in 0005')
    expect(cardLabel({ brand: 'newbrand', last4: '0005' })).toBe('Newbrand ending in 0005')
    expect(cardLabel({ brand: null, last4: '4242' })).toBe('Card ending in 4242')
    expect(cardLabel({ brand: 'visa', last4: null })).toBeNull()
    expect(cardLabel(null)).toBeNull()
  })

  it('shows the expiry as MM/YYYY', () => {
    expect(cardExpiry({ exp_month: 4, exp_year: 2030 })).toBe('Expires 04/2030')
    expect(cardExpiry({ exp_month: 12, exp_year: 2030 })).toBe('Expires 12/2030')
    expect(cardExpiry({ exp_month: null, exp_year: 2030 })).toBeNull()
    expect(cardExpiry({ exp_month: 1, exp_year: null })).toBeNull()
    expect(cardExpiry(undefined)).toBeNull()
  })
})

describe('payment status', () => {
  it('reads Paid in green only for succeeded', () => {
    expect(paymentStatus('succeeded')).toEqual({ label: b.paid, tone: 'success' })
    expect(paymentStatus('pending')).toEqual({ label: 'pending', tone: 'warning' })
    expect(paymentStatus('failed')).toEqual({ label: 'failed', tone: 'warning' })
  })

  it('falls back to the plan for a payment without a description', () => {
    expect(paymentDescription({ description: '' })).toBe(b.defaultDescription)
    expect(paymentDescription({ description: '  ' })).toBe(b.defaultDescription)
    expect(paymentDescription({ description: 'Subscription update' })).toBe('Subscription update')
  })
})

describe('recent payments', () => {
  it('shows three and offers the rest only when there are more', () => {
    expect(recentPayments([])).toEqual({ recent: [], more: false })
    expect(recentPayments([1, 2, 3])).toEqual({ recent: [1, 2, 3], more: false })
    expect(recentPayments([1, 2, 3, 4])).toEqual({ recent: [1, 2, 3], more: true })
  })
})
