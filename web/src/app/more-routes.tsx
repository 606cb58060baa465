import { lazy } from 'react'
import { Route, Routes } from 'react-router'
import NotFoundPage from '@/features/not-found/not-found-page'
import { routePatterns, routes } from '@/lib/routes'

// The app shell's catch-all, as the shell is app.tsx's: the pages past the
// app's main screens route here, in a chunk of their own. Each lazy route in
// the shell costs every screen's JavaScript the names of the chunks it loads,
// and the signup pages have a 50 KB gzip budget (scripts/check-bundle.mjs);
// here they cost those pages nothing. Not found is in this chunk itself.
const PrivacyPolicyPage = lazy(() => import('@/features/legal/privacy-policy-page'))
const TermsOfServicePage = lazy(() => import('@/features/legal/terms-of-service-page'))
const TestCheckoutPage = lazy(() => import('@/features/test-checkout/test-checkout-page'))
// One chunk for the stand-in portal and its receipts.
const TestPortalRoute = lazy(() => import('@/features/test-portal/test-portal-route'))
// The broker portal and its unsubscribe page: one chunk, which checks the broker roles itself.
const BrokerRoute = lazy(() => import('./broker-route'))
// A tender's one-time link (issue 33): open, no sign-in.
const TenderLinkPage = lazy(() => import('@/features/tenders/tender-link-page'))

/** Every path the app shell does not route itself; what is left is not found. */
export default function MoreRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.broker} element={<BrokerRoute />} />
      <Route path={routePatterns.unsubscribe} element={<BrokerRoute unsubscribe />} />
      <Route path={routePatterns.tenderLink} element={<TenderLinkPage />} />
      <Route path={routePatterns.testCheckout} element={<TestCheckoutPage />} />
      <Route path={routePatterns.testPortal} element={<TestPortalRoute />} />
      <Route path={routes.privacyPolicy} element={<PrivacyPolicyPage />} />
      <Route path={routes.termsOfService} element={<TermsOfServicePage />} />
      <Route path={routePatterns.anyOther} element={<NotFoundPage />} />
    </Routes>
  )
}
