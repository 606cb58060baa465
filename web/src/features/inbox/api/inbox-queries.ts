import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import { fetchInbox, fetchUnreadCount, markMessageRead } from './inbox-api'

const keys = queryKeys.fleet

/** How often the shell asks for the unread count while the dashboard is open. */
export const UNREAD_POLL_MS = 60_000

/** The Inbox screen's fetch, shared with the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const inboxQuery = (queryClient: QueryClient) => ({
  queryKey: keys.inbox,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const inbox = await fetchInbox(signal)
    queryClient.setQueryData(keys.inboxUnread, { unread: inbox.unread })
    return inbox
  },
  refetchOnMount: unlessJustFetched,
})

/** The Inbox screen; each answer also carries the unread count, which the shell's badge shows. */
export function useInbox() {
  return useQuery(inboxQuery(useQueryClient()))
}

/** The shell's unread count, shared with the route's prefetch. */
export const unreadCountQuery = {
  queryKey: keys.inboxUnread,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUnreadCount(signal),
  staleTime: 10_000,
}

/** The shell's unread badge: asked every minute and when the window regains focus. */
export function useUnreadCount(): number {
  const query = useQuery({ ...unreadCountQuery, refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: 'always' })
  return query.data?.unread ?? 0
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.inbox }),
        queryClient.invalidateQueries({ queryKey: keys.inboxUnread }),
      ]),
  })
}
