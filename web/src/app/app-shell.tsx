import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from '@/components/ui/toaster'
import { AppRoutes } from './app-routes'
import { queryClient } from './query-client'

/** Providers and routes of every screen but the landing page. */
export default function AppShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  )
}
