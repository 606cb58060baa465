import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { ApiError } from '@/lib/api-client'

/** The parts of a useQuery result that say whether it shows a saved copy. */
export interface QueryLike {
  data: unknown
  dataUpdatedAt: number
  fetchStatus: 'fetching' | 'paused' | 'idle'
  error: unknown
  /** The last attempt's error while retries go on (TanStack Query's failureReason). */
  failureReason?: unknown
}

const isOnline = () => onlineManager.isOnline()

/** Whether the browser says it is online (TanStack Query's view, kept in step with the `online`/`offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore((listener) => onlineManager.subscribe(listener), isOnline, isOnline)
}

/**
 * When the screen shows data it could not refresh — the phone is offline, or
 * the request got no answer — the time that data was fetched; else null.
 */
export function useOfflineCopy(query: QueryLike): Date | null {
  const online = useOnline()
  if (query.data === undefined || !query.dataUpdatedAt) return null
  const unanswered = [query.error, query.failureReason].some(
    (error) => error instanceof ApiError && error.isNetworkError,
  )
  return !online || query.fetchStatus === 'paused' || unanswered ? new Date(query.dataUpdatedAt) : null
}
