import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import FleetPortalRoute from '@/features/driver-portal/fleet-portal-route'
import { routePatterns, routes } from '@/lib/routes'
import { createQueryClient } from './query-client'
import { RouteFallback } from './route-fallback'

const LazyToaster = lazy(() => import('@/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })))

const queryClient = createQueryClient()

/** The driver portal as its own app (portal.html): a fleet's portal pages, nothing else of Longhaul. */
export function PortalApp() {
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<RouteFallback />}>
          <Routes>
            <Route path={routes.driverPortal}>
              <Route path={routePatterns.fleetPortal} element={<FleetPortalRoute />} />
            </Route>
            <Route path={routePatterns.anyOther} element={<NotAPortalPage />} />
          </Routes>
        </Suspense>
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      </QueryClientProvider>
    </BrowserRouter>
  )
}

/**
 * A link out of the portal (the landing page after signing out): the server
 * answers it with the whole app, which this entry is not.
 */
function NotAPortalPage() {
  useEffect(() => window.location.reload(), [])
  return <RouteFallback />
}
