import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { routePatterns, routes } from '@/lib/routes'
import { RouteFallback } from './route-fallback'
import { RouteGuard } from './route-guard'

// One chunk per screen; the landing page is routed in app.tsx, the rest of the
// pages (the broker portal, the open and legal pages, the Stripe stand-in, not
// found) in more-routes.tsx, which is this shell's catch-all.
const AuthPage = lazy(() => import('@/features/auth/auth-page'))
const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'))
const DashboardPage = lazy(() => import('./dashboard-route'))
const PendingApprovalPage = lazy(() => import('@/features/pending-approval/pending-approval-page'))
const DriverPortalPage = lazy(() => import('@/features/driver-portal/driver-portal-page'))
const FleetDashboardRoute = lazy(() => import('./fleet-dashboard/fleet-dashboard-route'))
const FleetSignupPage = lazy(() => import('@/features/signup/fleet-signup-page'))
const SubscriptionSuccessPage = lazy(() => import('@/features/subscription-success/subscription-success-page'))
const PricingPage = lazy(() => import('@/features/pricing/pricing-page'))
const MoreRoutes = lazy(() => import('./more-routes'))

export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Routes>
        <Route path={routes.auth} element={<AuthPage />} />
        <Route path={routes.resetPassword} element={<ResetPasswordPage />} />
        <Route
          path={routes.dashboard}
          element={
            <RouteGuard>
              <DashboardPage />
            </RouteGuard>
          }
        />
        <Route
          path={routePatterns.fleetDashboard}
          element={
            <RouteGuard role="fleet_admin">
              <FleetDashboardRoute />
            </RouteGuard>
          }
        />
        <Route path={routes.fleetSignup} element={<FleetSignupPage />} />
        <Route path={routes.pricing} element={<PricingPage />} />
        <Route path={routes.subscriptionSuccess} element={<SubscriptionSuccessPage />} />
        <Route path={routes.pendingApproval} element={<PendingApprovalPage />} />
        <Route path={routes.driverPortal}>
          <Route
            index
            element={
              <RouteGuard role="fleet_driver">
                <DriverPortalPage />
              </RouteGuard>
            }
          />
          {/* A fleet's own portal (sign-in, home, invites): public, the same chunk. */}
          <Route path={routePatterns.fleetPortal} element={<DriverPortalPage />} />
        </Route>
        <Route path={routePatterns.anyOther} element={<MoreRoutes />} />
      </Routes>
    </Suspense>
  )
}
