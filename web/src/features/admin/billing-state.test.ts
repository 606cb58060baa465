import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { adminBillingState } from './billing-state'

const s = texts.billing.adminStates
const state = (status: string | null, readOnly = false) => ({
  status,
  past_due_since: status ? '2026-01-05T12:00:00Z' : null,
  read_only_from: status ? '2026-01-12T12:00:00Z' : null,
  read_only: readOnly,
})

describe('admin billing state', () => {
  it('names each state with its colour', () => {
    expect(adminBillingState(null)).toEqual({ label: s.none, tone: 'none' })
    expect(adminBillingState(state(null))).toEqual({ label: s.none, tone: 'none' })
    expect(adminBillingState({ ...state('active'), past_due_since: null })).toEqual({ label: s.active, tone: 'success' })
    expect(adminBillingState(state('past_due'))).toEqual({ label: 'Past due since Jan 5, 2026', tone: 'warning' })
    expect(adminBillingState(state('unpaid'))).toEqual({ label: 'Past due since Jan 5, 2026', tone: 'warning' })
    expect(adminBillingState(state('past_due', true))).toEqual({ label: 'Read-only since Jan 5, 2026', tone: 'destructive' })
    expect(adminBillingState(state('unpaid', true))).toEqual({ label: 'Read-only since Jan 5, 2026', tone: 'destructive' })
    expect(adminBillingState(state('canceled'))).toEqual({ label: 'Canceled', tone: 'destructive' })
    expect(adminBillingState(state('trialing'))).toEqual({ label: 'Trialing', tone: 'destructive' })
  })
})
