import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import { toast } from '@/lib/toast'
import { ApiError } from '@/lib/api-client'

export interface LoadErrorToastOptions {
  /** Description when the error carries no message. */
  fallback?: string
  /** Skip the toast for a 404 (detail screens show a not-found state instead). */
  ignoreNotFound?: boolean
}

/** One destructive toast per failed load; a repeat failure replaces the previous toast. */
export function useLoadErrorToast(
  query: UseQueryResult<unknown>,
  title: string,
  { fallback, ignoreNotFound = false }: LoadErrorToastOptions = {},
): void {
  const { isError, error, errorUpdatedAt } = query
  useEffect(() => {
    if (!isError) return
    if (ignoreNotFound && error instanceof ApiError && error.status === 404) return
    toast.error(title, { id: `load-${title}`, description: error.message || fallback })
  }, [isError, error, errorUpdatedAt, title, fallback, ignoreNotFound])
}
