import { lazy, Suspense } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { routes } from '@/lib/routes'
import { RouteFallback } from './route-fallback'
import { ScrollManager } from './scroll-manager'

// The landing page renders on its own; everything else (TanStack Query, the
// toaster, the guarded screens) lives in the lazily loaded app shell, which
// keeps the landing page's JavaScript under the 100 KB gzip budget.
const LandingPage = lazy(() => import('@/features/landing/landing-page'))
const AppShell = lazy(() => import('./app-shell'))

export function App() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route path={routes.home} element={<LandingPage />} />
          <Route path="*" element={<AppShell />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  )
}
