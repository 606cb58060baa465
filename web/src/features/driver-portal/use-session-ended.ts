import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { isStatus } from './portal-errors'
import { portalPaths, type SignInState } from './portal-paths'

/**
 * Back to the sign-in page when the server no longer knows this driver
 * (401: signed out, idle too long, deactivated, portal turned off), saying
 * that the session has ended. Returns whether it did.
 */
export function useSessionEnded(fleetId: string) {
  const navigate = useNavigate()
  return useCallback(
    (error: unknown) => {
      if (!isStatus(error, 401)) return false
      const state: SignInState = { sessionEnded: true }
      navigate(portalPaths.signIn(fleetId), { replace: true, state })
      return true
    },
    [fleetId, navigate],
  )
}
