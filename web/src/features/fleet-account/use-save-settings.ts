import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FleetAccountView } from '@/lib/fleet-account'
import { queryKeys } from '@/lib/query-keys'

/**
 * A settings write answering the updated fleet account: the cache takes the
 * answer at once and is refreshed, so the shell's accent and logo follow.
 */
export function useSaveSettings<Body>(
  save: (body: Body) => Promise<FleetAccountView>,
  onSaved?: (account: FleetAccountView) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: save,
    onSuccess: (account) => {
      if (account) queryClient.setQueryData(queryKeys.fleet.account, account)
      void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.account })
      if (account) onSaved?.(account)
    },
  })
}
