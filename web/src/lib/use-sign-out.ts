import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { api } from './api-client'
import { loadPage, setFlash } from './flash'
import { queryKeys } from './query-keys'
import { routes } from './routes'
import { storeSession } from './session'
import { texts } from './texts'

/**
 * Signs out, tells the user, and goes to `redirectTo` (spec §4, §8). With
 * `reload`, the browser loads `redirectTo` afresh instead: nothing of the
 * signed-in app (cached fleet data, guards) outlives the session. The
 * 'Signed out' toast then waits in a flash (lib/flash.ts) for the page that
 * loads, as it does for the landing page, which has no toaster of its own.
 */
export function useSignOut(redirectTo: string, options: { reload?: boolean } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/sign-out'),
    onSuccess: () => {
      const toastLater = options.reload || redirectTo === routes.home
      if (toastLater) setFlash('signed-out')
      if (options.reload) {
        loadPage(redirectTo)
        return
      }
      navigate(redirectTo, { replace: true })
      storeSession(queryClient, { user: null, csrf_token: null })
      void queryClient.invalidateQueries({ queryKey: queryKeys.session })
      if (!toastLater) toast.success(texts.auth.signedOutTitle, { description: texts.auth.signedOutDescription })
    },
    onError: () => {
      toast.error(texts.auth.signOutFailedTitle, {
        description: texts.auth.signOutFailedDescription,
      })
    },
  })
}
