import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { setCsrfToken } from './api-client'
import { queryKeys } from './query-keys'
import { fetchSession, type SessionResponse, type UserView } from './session-api'

export type { SessionResponse }

/** Stores a session answer (from sign-in or sign-out) without a round trip. */
export function storeSession(queryClient: QueryClient, session: SessionResponse): void {
  setCsrfToken(session.csrf_token)
  queryClient.setQueryData(queryKeys.session, session)
}

export interface SessionState {
  user: UserView | null
  isLoading: boolean
  isError: boolean
}

/** The signed-in user (or null). A failed session check counts as signed out. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
  retry: 1,
})

export function useSession(): SessionState {
  const query = useQuery(sessionQuery)
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending,
    isError: query.isError,
  }
}
