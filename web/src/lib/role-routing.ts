import type { components } from './api-types'
import { routes } from './routes'

type UserView = components['schemas']['UserView']
export type Role = components['schemas']['Role']

/** Where a signed-in user belongs by default (spec §6, "Default destination"). */
export function homePathFor(user: Pick<UserView, 'role' | 'account_id'>): string {
  switch (user.role) {
    case 'fleet_driver':
      return routes.driverPortal
    case 'fleet_admin':
      return user.account_id ? routes.fleetDashboard : routes.pendingApproval
    default:
      return routes.dashboard
  }
}

/** The roles of the broker portal (issue 15): both may use the truck board. */
export const BROKER_ROLES: readonly Role[] = ['broker_admin', 'broker_user']

/**
 * The route guard's decision (spec §2): `null` lets the visitor in, otherwise
 * the path to send them to. A guard without a required role only needs a user;
 * a list of roles lets in any of them.
 */
export function guardRedirect(
  user: Pick<UserView, 'role' | 'account_id'> | null,
  requiredRole?: Role | readonly Role[],
): string | null {
  if (!user) return routes.auth
  if (!requiredRole) return null
  const allowed: readonly Role[] = typeof requiredRole === 'string' ? [requiredRole] : requiredRole
  if (user.role && allowed.includes(user.role)) return null
  return homePathFor(user)
}

/** Where /dashboard sends users whose home is elsewhere; `null` means stay. */
export function dashboardRedirect(user: Pick<UserView, 'role' | 'account_id'>): string | null {
  const home = homePathFor(user)
  return home === routes.dashboard ? null : home
}
