import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { toast } from '@/lib/toast'
import { ApiError } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** The server's answer to any fleet write once the dashboard is read-only (past due beyond the grace period). */
export function isReadOnlyRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'read_only'
}

/**
 * Shows a read-only refusal's message as an error toast, whichever screen's
 * write it was, and reads the billing state again so that the shell's banner
 * turns red. Used by the fleet shell; it lives here, not in the app-wide query
 * client, so that the signup pages do not load it.
 */
export function useReadOnlyRefusals(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        if (!isReadOnlyRefusal(event.action.error)) return
        toast.error(event.action.error.message, { id: 'read-only' })
        void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.billingState })
      }),
    [queryClient],
  )
}
