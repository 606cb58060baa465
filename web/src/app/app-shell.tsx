import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { peekFlash } from '@/lib/flash'
import { sessionQuery } from '@/lib/session'
import { AppRoutes } from './app-routes'
import { queryClient } from './query-client'

// The toaster and sonner load beside the first screen, not before it: no page
// waits for them, and a toast made sooner waits for the toaster (lib/toast.ts).
const LazyToaster = lazy(() => import('@/components/ui/toaster').then(({ Toaster }) => ({ default: Toaster })))
const Toaster = () => (
  <Suspense fallback={null}>
    <LazyToaster />
  </Suspense>
)

// Every screen behind the route guard waits for the session: ask for it as
// soon as this chunk has loaded, not after React's first render and commit.
void queryClient.prefetchQuery(sessionQuery)

/**
 * Shows a message the previous page left (lib/flash.ts: a sign-out that
 * reloaded the browser or landed on the landing page). Its texts load only
 * then, keeping them out of the signup pages' budget; the toast waits for the
 * toaster (lib/toast.ts).
 */
function useFlash() {
  useEffect(() => {
    if (peekFlash()) void import('@/lib/flash-toast').then(({ showFlash }) => showFlash())
  }, [])
}

/** Providers and routes of every screen but the landing page. */
export default function AppShell() {
  useFlash()
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  )
}

/**
 * The toaster alone, for the landing page (which has none) when a message
 * waits for it. It lives in this chunk so that the toaster is not split into
 * a chunk of its own that every other page would load too.
 */
export function FlashToaster() {
  useFlash()
  return <Toaster />
}
