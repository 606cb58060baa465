import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fleetKeys } from './api/fleet-api'
import type { FleetAccountView } from './api/types'

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
      if (account) queryClient.setQueryData(fleetKeys.account, account)
      void queryClient.invalidateQueries({ queryKey: fleetKeys.account })
      if (account) onSaved?.(account)
    },
  })
}
