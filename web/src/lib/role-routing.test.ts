import { describe, expect, it } from 'vitest'
import { dashboardRedirect, guardRedirect, homePathFor, type Role } from './role-routing'

const ACCOUNT = '8d5c1f8e-0000-4000-8000-000000000001'
const user = (role: Role | null, account_id: string | null = null) => ({ role, account_id })

describe('homePathFor', () => {
  it.each([
    [user('super_admin'), '/dashboard'],
    [user('broker_admin'), '/dashboard'],
    [user('broker_user'), '/dashboard'],
    [user(null), '/dashboard'],
    [user('fleet_driver'), '/driver-portal'],
    [user('fleet_driver', ACCOUNT), '/driver-portal'],
    [user('fleet_admin', ACCOUNT), '/fleet-dashboard'],
    [user('fleet_admin'), '/pending-approval'],
  ])('%o goes to %s', (u, path) => {
    expect(homePathFor(u)).toBe(path)
  })
})

describe('guardRedirect', () => {
  it('sends visitors who are not signed in to /auth', () => {
    expect(guardRedirect(null)).toBe('/auth')
    expect(guardRedirect(null, 'fleet_admin')).toBe('/auth')
  })

  it('lets any signed-in user through a guard without a role', () => {
    for (const role of ['super_admin', 'fleet_admin', 'fleet_driver', 'broker_admin', 'broker_user', null] as const) {
      expect(guardRedirect(user(role), undefined)).toBeNull()
    }
  })

  it('lets a user with the required role through', () => {
    expect(guardRedirect(user('fleet_admin', ACCOUNT), 'fleet_admin')).toBeNull()
    expect(guardRedirect(user('fleet_driver'), 'fleet_driver')).toBeNull()
  })

  it('sends a fleet admin still pending approval (no account yet) from the fleet dashboard to /pending-approval', () => {
    expect(guardRedirect(user('fleet_admin'), 'fleet_admin')).toBe('/pending-approval')
  })

  it.each([
    ['fleet_driver', null, 'fleet_admin', '/driver-portal'],
    ['fleet_admin', ACCOUNT, 'fleet_driver', '/fleet-dashboard'],
    ['fleet_admin', null, 'fleet_driver', '/pending-approval'],
    ['super_admin', null, 'fleet_admin', '/dashboard'],
    ['broker_admin', null, 'fleet_driver', '/dashboard'],
    ['broker_user', null, 'fleet_admin', '/dashboard'],
    [null, null, 'fleet_driver', '/dashboard'],
  ] as const)('a %s (account %s) lacking %s goes to %s', (role, account, required, path) => {
    expect(guardRedirect(user(role, account), required)).toBe(path)
  })
})

describe('dashboardRedirect', () => {
  it('keeps dashboard roles on /dashboard', () => {
    expect(dashboardRedirect(user('super_admin'))).toBeNull()
    expect(dashboardRedirect(user('broker_admin'))).toBeNull()
    expect(dashboardRedirect(user('broker_user'))).toBeNull()
    expect(dashboardRedirect(user(null))).toBeNull()
  })

  it('sends fleet roles to their own screens', () => {
    expect(dashboardRedirect(user('fleet_admin', ACCOUNT))).toBe('/fleet-dashboard')
    expect(dashboardRedirect(user('fleet_admin'))).toBe('/pending-approval')
    expect(dashboardRedirect(user('fleet_driver'))).toBe('/driver-portal')
  })
})
