import { describe, expect, it } from 'vitest'
import { auditChanges, auditFieldLabel } from './audit-diff'

describe('auditChanges', () => {
  it('lists only the keys whose values changed, by label, with ids named', () => {
    expect(
      auditChanges(
        { role: 'fleet_driver', email: 'a@b.example', account_id: null },
        { role: 'fleet_admin', email: 'a@b.example', account_id: '5f0c3c1e-0000-4000-8000-000000000001' },
        { '5f0c3c1e-0000-4000-8000-000000000001': 'Great Lakes Freight' },
      ),
    ).toEqual([
      { key: 'role', label: 'Role', before: 'fleet_driver', after: 'fleet_admin' },
      { key: 'account_id', label: 'Account', before: '—', after: 'Great Lakes Freight' },
    ])
  })

  it('shows only the new values of a creation', () => {
    expect(auditChanges(null, { power_units: 12 })).toEqual([
      { key: 'power_units', label: 'Power units', before: undefined, after: '12' },
    ])
  })

  it('shows yes and no, not true and false', () => {
    expect(auditChanges({ completed: false }, { completed: true })).toEqual([
      { key: 'completed', label: 'Completed', before: 'No', after: 'Yes' },
    ])
  })

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([])
    expect(auditChanges(null, null)).toEqual([])
  })

  it('turns an unknown key into words', () => {
    expect(auditFieldLabel('fleet_owner_id')).toBe('Fleet owner')
    expect(auditFieldLabel('some_new_flag')).toBe('Some new flag')
  })
})
