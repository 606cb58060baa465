import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import FleetPortalRoute from '@/features/driver-portal/fleet-portal-route'
import { routePatterns, routes } from '@/lib/routes'
import { RouteFallback } from './route-fallback'

const LazyToaster = lazy(() => import('@/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })))

/** The driver portal as its own app (portal.html): a fleet's portal pages, nothing else of Longhaul. */
export function PortalApp({ client }: { client: QueryClient }) {
  return (
    <BrowserRouter>
      <QueryClientProvider client={client}>
        <Suspense fallback={<RouteFallback />}>
          <Routes>
            <Route path={routes.driverPortal}>
              <Route path={routePatterns.fleetPortal} element={<FleetPortalRoute />} />
            </Route>
            <Route path={routePatterns.anyOther} element={<NotAPortalPage />} />
          </Routes>
        </Suspense>
        <IdleToaster />
      </QueryClientProvider>
    </BrowserRouter>
  )
}

/**
 * The toaster, once the first screen is up: sonner is not on the way to it,
 * and a toast asked for sooner waits for the toaster (lib/toast.ts).
 */
function IdleToaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const want = () => setWanted(true)
    if (!('requestIdleCallback' in window)) return void setTimeout(want, 500)
    const id = window.requestIdleCallback(want, { timeout: 2_000 })
    return () => window.cancelIdleCallback(id)
  }, [])
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null
}

/**
 * A link out of the portal (the landing page after signing out): the server
 * answers it with the whole app, which this entry is not.
 */
function NotAPortalPage() {
  useEffect(() => window.location.reload(), [])
  return <RouteFallback />
}
