import { describe, expect, it } from 'vitest'
import { auditChanges } from './audit-diff'

describe('auditChanges', () => {
  it('lists only the keys whose values changed', () => {
    expect(
      auditChanges({ role: 'fleet_driver', email: 'a@b.example', account_id: null }, { role: 'fleet_admin', email: 'a@b.example', account_id: 'acc-1' }),
    ).toEqual([
      { key: 'role', before: 'fleet_driver', after: 'fleet_admin' },
      { key: 'account_id', before: 'null', after: 'acc-1' },
    ])
  })

  it('shows only the new values of a creation', () => {
    expect(auditChanges(null, { power_units: 12 })).toEqual([{ key: 'power_units', before: undefined, after: '12' }])
  })

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([])
    expect(auditChanges(null, null)).toEqual([])
  })
})
