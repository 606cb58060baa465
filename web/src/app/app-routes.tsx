import { Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { routePatterns, routes } from '@/lib/routes'
import { RouteFallback } from './route-fallback'
import { RouteGuard } from './route-guard'

import {
  AuthPage,
  DashboardPage,
  DriverPortalPage,
  FleetDashboardRoute,
  FleetSignupPage,
  MoreRoutes,
  PendingApprovalPage,
  PricingPage,
  ResetPasswordPage,
  SubscriptionSuccessPage,
} from './shell-screens'

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
