import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { capitalise, isPastDue, subscriptionStatusLabel, subscriptionStatusTone } from './billing-status'

describe('subscription status', () => {
  it('labels active and past due with the spec texts, anything else capitalised', () => {
    expect(subscriptionStatusLabel('active')).toBe(texts.billing.statusLabels.active)
    expect(subscriptionStatusLabel('past_due')).toBe(texts.billing.statusLabels.pastDue)
    expect(subscriptionStatusLabel('canceled')).toBe('Canceled')
    expect(subscriptionStatusLabel('unpaid')).toBe('Unpaid')
    expect(subscriptionStatusLabel('incomplete_expired')).toBe('Incomplete expired')
    expect(subscriptionStatusLabel('')).toBe('')
  })

  it('colours active green, past due amber and everything else red', () => {
    expect(subscriptionStatusTone('active')).toBe('success')
    expect(subscriptionStatusTone('past_due')).toBe('warning')
    expect(subscriptionStatusTone('canceled')).toBe('destructive')
    expect(subscriptionStatusTone('unpaid')).toBe('destructive')
    expect(subscriptionStatusTone('trialing')).toBe('destructive')
    // Stripe's words are lower case; another spelling is not 'active'.
    expect(subscriptionStatusTone('Active')).toBe('destructive')
  })

  it('capitalises the first letter only', () => {
    expect(capitalise('a')).toBe('A')
    expect(capitalise('past_due')).toBe('Past due')
    expect(capitalise('')).toBe('')
  })

  it('counts past due and unpaid as owing', () => {
    expect(isPastDue('past_due')).toBe(true)
    expect(isPastDue('unpaid')).toBe(true)
    expect(isPastDue('active')).toBe(false)
    expect(isPastDue('canceled')).toBe(false)
    expect(isPastDue(null)).toBe(false)
    expect(isPastDue(undefined)).toBe(false)
  })
})
