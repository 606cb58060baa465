import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { peekFlash } from '@/lib/flash'
import { sessionQuery } from '@/lib/session'
import { AppRoutes } from './app-routes'
import { queryClient } from './query-client'

// Every screen behind the route guard waits for the session: ask for it as
// soon as this chunk has loaded, not after React's first render and commit.
void queryClient.prefetchQuery(sessionQuery)

/**
 * Shows a message the previous page left (lib/flash.ts: a sign-out that
 * reloaded the browser or landed on the landing page). Its texts load only
 * then, keeping them out of the signup pages' budget. The Toaster subscribes
 * in its own effect, which runs before this one, so the toast is not missed.
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
