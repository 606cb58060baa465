import { useEffect, useState } from 'react'
import { fetchSession } from './session-api'

/**
 * Whether a user is signed in, for the landing page only. The landing page is
 * rendered outside TanStack Query so that the query library stays out of its
 * bundle (budget: 100 KB gzip); everywhere else use `useSession`.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    fetchSession(controller.signal).then(
      (session) => setSignedIn(session.user !== null),
      () => setSignedIn(false),
    )
    return () => controller.abort()
  }, [])
  return signedIn
}
