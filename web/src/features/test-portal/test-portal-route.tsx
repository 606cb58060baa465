import { Route, Routes } from 'react-router'
import { routePatterns, testPortalPatterns } from '@/lib/routes'
import TestPortalPage from './test-portal-page'
import TestReceiptPage from './test-receipt-page'

/** /test-portal/*: the Stripe stand-in's Customer Portal and its receipts. */
export default function TestPortalRoute() {
  return (
    <Routes>
      <Route path={testPortalPatterns.receipt} element={<TestReceiptPage />} />
      <Route path={testPortalPatterns.portal} element={<TestPortalPage />} />
      {/* Without a session id the portal page says the session does not exist. */}
      <Route path={routePatterns.anyOther} element={<TestPortalPage />} />
    </Routes>
  )
}
