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

/**
 * The route guard's decision (spec §2): `null` lets the visitor in, otherwise
 * the path to send them to. A guard without a required role only needs a user;
 * the fleet_admin guard also needs the fleet (an account_id).
 */
export function guardRedirect(
  user: Pick<UserView, 'role' | 'account_id'> | null,
  requiredRole?: Role,
): string | null {
  if (!user) return routes.auth
  if (!requiredRole) return null
  // A fleet admin still pending approval has no fleet to show yet: their page
  // is /pending-approval, not the fleet dashboard's 'Fleet Account Not Found'.
  if (user.role === requiredRole && !(requiredRole === 'fleet_admin' && !user.account_id)) return null
  return homePathFor(user)
}

/** Where /dashboard sends users whose home is elsewhere; `null` means stay. */
export function dashboardRedirect(user: Pick<UserView, 'role' | 'account_id'>): string | null {
  const home = homePathFor(user)
  return home === routes.dashboard ? null : home
}
