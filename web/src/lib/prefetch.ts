import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query'

/**
 * How long data counts as just fetched for a screen that mounts: long enough
 * for the fetch its route started (prefetchMissing) to be shown as it is,
 * where asking again would only repeat it. Coming back to a screen later, or
 * to an earlier filter, asks the server again as before.
 */
export const JUST_FETCHED_MS = 5_000

/** `refetchOnMount` of a screen's queries: not when the route's prefetch has just brought the data. */
export const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }): boolean =>
  Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS

// The features' shared options are plain objects, not TanStack's
// queryOptions(): imported beside the session's, it would move into a chunk of
// its own that the signup pages load too (scripts/check-bundle.mjs).
// Each query's own data and key types do not matter here: it is only started.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQueryOptions = FetchQueryOptions<any, any, any, any>

/**
 * Starts every query that is not in the cache yet, all at once (as TanStack's
 * usePrefetchQuery does): one already there, fetching or failed, is left to
 * the screen that reads it. Safe to call on every render. Answers the
 * fetches it started (each settles, never rejects).
 */
export function prefetchMissing(queryClient: QueryClient, queries: readonly AnyQueryOptions[]): Promise<void>[] {
  return queries
    .filter((query) => !queryClient.getQueryState(query.queryKey))
    .map((query) => queryClient.prefetchQuery(query))
}
