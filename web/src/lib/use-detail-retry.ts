import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

/** The retry rule of a detail screen: it shows its own not-found state for a 404 instead of retrying it. */
export function useDetailRetry() {
  const fallback = useQueryClient().getDefaultOptions().queries?.retry ?? 3
  return (failureCount: number, error: Error): boolean => {
    if (error instanceof ApiError && error.status === 404) return false
    if (typeof fallback === 'function') return fallback(failureCount, error)
    if (typeof fallback === 'boolean') return fallback
    return failureCount < fallback
  }
}
