import type { QueryClient } from '@tanstack/react-query'
import { guardRedirect } from '@/lib/role-routing'
import { routes } from '@/lib/routes'
import { sessionQuery } from '@/lib/session'

/** The fleet dashboard's chunk (app-routes.tsx lazy()s it). */
export const loadFleetDashboard = () => import('./fleet-dashboard/fleet-dashboard-route')

/**
 * A fleet-dashboard screen opened cold (a bookmark, a reload): the dashboard's
 * chunk loads while the session is asked for, and the screen's data starts as
 * soon as both are in and the session lets a fleet admin in — not one after
 * the other once the route guard has let the screen render (issue 29, point 18).
 */
export function preloadFleetScreen(queryClient: QueryClient): void {
  const { pathname, search } = window.location
  if (!pathname.startsWith(routes.fleetDashboard)) return
  // fetchQuery joins the session request the app shell has started.
  Promise.all([loadFleetDashboard(), queryClient.fetchQuery(sessionQuery)])
    .then(([{ prefetchFleetScreen }, { user }]) => {
      if (guardRedirect(user, 'fleet_admin') === null) prefetchFleetScreen(queryClient, pathname, search)
    })
    // A failed session check is the route guard's to show; there is nothing to start.
    .catch(() => {})
}
