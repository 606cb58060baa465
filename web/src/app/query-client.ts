import { MutationCache, QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/**
 * A write refused because the fleet is read-only (past due beyond the grace
 * period) shows the server's message, whichever screen made it, and the
 * shell's billing banner is read again.
 */
function onMutationError(client: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 403 || error.code !== 'read_only') return
  toast.error(error.message, { id: 'read-only' })
  void client.invalidateQueries({ queryKey: queryKeys.fleet.billingState })
}

export function createQueryClient(): QueryClient {
  const mutationCache = new MutationCache()
  const client = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // 4xx answers will not change on a retry; network hiccups might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  })
  mutationCache.config.onError = (error) => onMutationError(client, error)
  return client
}

/** One cache for the life of the page, kept while the visitor is on the landing page. */
export const queryClient = createQueryClient()
