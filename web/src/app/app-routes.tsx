import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { BROKER_ROLES } from '@/lib/role-routing'
import { routePatterns, routes } from '@/lib/routes'
import { RouteFallback } from './route-fallback'
import { RouteGuard } from './route-guard'

// One chunk per screen; the landing page is routed in app.tsx.
const AuthPage = lazy(() => import('@/features/auth/auth-page'))
const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'))
const DashboardPage = lazy(() => import('./dashboard-route'))
const PendingApprovalPage = lazy(() => import('@/features/pending-approval/pending-approval-page'))
const DriverPortalPage = lazy(() => import('@/features/driver-portal/driver-portal-page'))
const PrivacyPolicyPage = lazy(() => import('@/features/legal/privacy-policy-page'))
const TermsOfServicePage = lazy(() => import('@/features/legal/terms-of-service-page'))
const NotFoundPage = lazy(() => import('@/features/not-found/not-found-page'))
const FleetDashboardRoute = lazy(() => import('./fleet-dashboard/fleet-dashboard-route'))
const FleetSignupPage = lazy(() => import('@/features/signup/fleet-signup-page'))
const SubscriptionSuccessPage = lazy(() => import('@/features/subscription-success/subscription-success-page'))
const PricingPage = lazy(() => import('@/features/pricing/pricing-page'))
const TestCheckoutPage = lazy(() => import('@/features/test-checkout/test-checkout-page'))
// One chunk for the stand-in portal and its receipts: each lazy route costs the shell bytes.
const TestPortalRoute = lazy(() => import('@/features/test-portal/test-portal-route'))
// The broker portal and its open pages (invite, unsubscribe): one chunk, one lazy route.
const BrokerRoute = lazy(() => import('./broker-route'))

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
        <Route
          path={routePatterns.broker}
          element={
            <RouteGuard role={BROKER_ROLES}>
              <BrokerRoute />
            </RouteGuard>
          }
        />
        <Route path={routePatterns.brokerInvite} element={<BrokerRoute page="invite" />} />
        <Route path={routePatterns.unsubscribe} element={<BrokerRoute page="unsubscribe" />} />
        <Route path={routes.fleetSignup} element={<FleetSignupPage />} />
        <Route path={routes.pricing} element={<PricingPage />} />
        <Route path={routes.subscriptionSuccess} element={<SubscriptionSuccessPage />} />
        <Route path={routePatterns.testCheckout} element={<TestCheckoutPage />} />
        <Route path={routePatterns.testPortal} element={<TestPortalRoute />} />
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
        <Route path={routes.privacyPolicy} element={<PrivacyPolicyPage />} />
        <Route path={routes.termsOfService} element={<TermsOfServicePage />} />
        <Route path={routePatterns.anyOther} element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  )
}
