import { useEffect } from 'react'
import { Route, Routes, useParams } from 'react-router'
import { routePatterns } from '@/lib/routes'
import { PortalOffline } from './offline/portal-offline'
import { portalPages, preloadNextPortalPages, PortalSignInPage } from './portal-pages'

/** /driver-portal/:fleetId/*: a fleet's public driver portal, an installable app that works offline. */
export default function FleetPortalRoute() {
  const { fleetId = '' } = useParams()
  useEffect(preloadNextPortalPages, [])
  return (
    <PortalOffline fleetId={fleetId}>
      <Routes>
        <Route index element={<PortalSignInPage />} />
        {portalPages.map(({ pattern, page: Page }) => (
          <Route key={pattern} path={pattern} element={<Page />} />
        ))}
        <Route path={routePatterns.anyOther} element={<PortalSignInPage />} />
      </Routes>
    </PortalOffline>
  )
}
