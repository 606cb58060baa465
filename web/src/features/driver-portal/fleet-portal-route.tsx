import { lazy } from 'react'
import { Route, Routes, useParams } from 'react-router'
import { routePatterns } from '@/lib/routes'
import { PortalOffline } from './offline/portal-offline'
import { portalPatterns } from './portal-paths'

import PortalHomePage from './portal-home-page'
import PortalInvitePage from './portal-invite-page'
import PortalSignInPage from './portal-sign-in-page'

// The loads screens: their own chunk, so sign-in and home stay light.
const PortalLoadsPage = lazy(() => import('./loads/portal-loads-page'))
const PortalLoadPage = lazy(() => import('./loads/portal-load-page'))

/** /driver-portal/:fleetId/*: a fleet's public driver portal, an installable app that works offline. */
export default function FleetPortalRoute() {
  const { fleetId = '' } = useParams()
  return (
    <PortalOffline fleetId={fleetId}>
      <Routes>
        <Route index element={<PortalSignInPage />} />
        <Route path={portalPatterns.home} element={<PortalHomePage />} />
        <Route path={portalPatterns.loads} element={<PortalLoadsPage />} />
        <Route path={portalPatterns.load} element={<PortalLoadPage />} />
        <Route path={portalPatterns.invite} element={<PortalInvitePage />} />
        <Route path={routePatterns.anyOther} element={<PortalSignInPage />} />
      </Routes>
    </PortalOffline>
  )
}
