import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { showFlash } from '@/lib/flash-toast'
import { sessionQuery } from '@/lib/session'
import { AppRoutes } from './app-routes'
import { queryClient } from './query-client'

// Every screen behind the route guard waits for the session: ask for it as
// soon as this chunk has loaded, not after React's first render and commit.
void queryClient.prefetchQuery(sessionQuery)

/** Providers and routes of every screen but the landing page. */
export default function AppShell() {
  // A message the previous page left (a sign-out that reloaded the browser).
  useEffect(() => {
    showFlash()
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  )
}
