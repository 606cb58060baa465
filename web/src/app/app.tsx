import { lazy, Suspense, useState } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { peekFlash } from '@/lib/flash'
import { routePatterns, routes } from '@/lib/routes'
import { AppShell, LandingPage } from './first-screen'
import { RouteFallback } from './route-fallback'
import { ScrollManager } from './scroll-manager'

const FlashToaster = lazy(() => import('./app-shell').then(({ FlashToaster }) => ({ default: FlashToaster })))

/** The landing page has no toaster; one loads when a message waits (e.g. 'Signed out'). */
export function LandingFlash() {
  const [waiting] = useState(() => peekFlash() !== null)
  return waiting ? (
    <Suspense fallback={null}>
      <FlashToaster />
    </Suspense>
  ) : null
}

export function App() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route
            path={routes.home}
            element={
              <>
                <LandingPage />
                <LandingFlash />
              </>
            }
          />
          <Route path={routePatterns.anyOther} element={<AppShell />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  )
}
