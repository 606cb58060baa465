import { lazyScreen } from '@/lib/lazy-screen'
import { routes } from '@/lib/routes'
import { sessionQuery } from '@/lib/session'
import { queryClient } from './query-client'

/**
 * How long a dashboard opened cold waits for its first screen's data before
 * React's first render (decision 038): the data usually arrives before the
 * code has run, and a screen that renders with it commits once instead of
 * once per answer, which a phone's main thread feels. A slow answer is not
 * waited for longer: the screen shows its loading state as before.
 */
const FIRST_DATA_WAIT_MS = 1_000

function firstData(fetches: Promise<unknown>[]): Promise<unknown> {
  return Promise.race([Promise.all(fetches), new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))])
}

// The app shell's screens (app-routes.tsx), one chunk each; the landing page
// is routed in app.tsx, the rest of the pages (the broker portal, the open and
// legal pages, the Stripe stand-in, not found) in more-routes.tsx, the shell's
// catch-all. They are in the shell's chunk; a cold start loads the screen's
// chunk as soon as the shell's has run (first-screen.ts), and the server's
// preload hints fetch both at once for the routes opened cold (vite.config.ts).
export const AuthPage = lazyScreen(() => import('@/features/auth/auth-page'))
export const ResetPasswordPage = lazyScreen(() => import('@/features/auth/reset-password-page'))
export const DashboardPage = lazyScreen(() => import('./dashboard-route'))
export const PendingApprovalPage = lazyScreen(() => import('@/features/pending-approval/pending-approval-page'))
export const DriverPortalPage = lazyScreen(() => import('@/features/driver-portal/driver-portal-page'))
export const FleetDashboardRoute = lazyScreen(async () => {
  const session = queryClient.prefetchQuery(sessionQuery)
  const route = await import('./fleet-dashboard/fleet-dashboard-route')
  const { pathname, search } = window.location
  // The dashboard waits for the chunk of the screen the address opens, if it
  // has one, and (a while) for the data that screen and the shell show first.
  const data = firstData([session, ...route.prefetchFleetScreen(queryClient, pathname, search)])
  await Promise.all([route.preloadScreen(pathname), data])
  return route
})
export const FleetSignupPage = lazyScreen(() => import('@/features/signup/fleet-signup-page'))
export const SubscriptionSuccessPage = lazyScreen(() => import('@/features/subscription-success/subscription-success-page'))
export const PricingPage = lazyScreen(() => import('@/features/pricing/pricing-page'))
export const MoreRoutes = lazyScreen(() => import('./more-routes'))

/**
 * Loads the screen `path` opens, for first-screen.ts to await before React's
 * first render (lib/lazy-screen.ts).
 */
export function preloadScreen(path: string): Promise<unknown> {
  // (A path that only starts like one of these loads a chunk it does not need; no harm.)
  if (path.startsWith(routes.fleetDashboard)) return FleetDashboardRoute.preload()
  if (path.startsWith(routes.driverPortal)) return DriverPortalPage.preload()
  const screen = {
    [routes.auth]: AuthPage,
    [routes.resetPassword]: ResetPasswordPage,
    [routes.dashboard]: DashboardPage,
    [routes.fleetSignup]: FleetSignupPage,
    [routes.pricing]: PricingPage,
    [routes.subscriptionSuccess]: SubscriptionSuccessPage,
    [routes.pendingApproval]: PendingApprovalPage,
  }[path]
  return (screen ?? MoreRoutes).preload()
}
