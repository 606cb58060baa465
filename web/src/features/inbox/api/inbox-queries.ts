import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { fetchInbox, fetchUnreadCount, markMessageRead } from './inbox-api'

const keys = queryKeys.fleet

/** How often the shell asks for the unread count while the dashboard is open. */
export const UNREAD_POLL_MS = 60_000

/** The Inbox screen; each answer also carries the unread count, which the shell's badge shows. */
export function useInbox() {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: keys.inbox,
    queryFn: async ({ signal }) => {
      const inbox = await fetchInbox(signal)
      queryClient.setQueryData(keys.inboxUnread, { unread: inbox.unread })
      return inbox
    },
  })
}

/** The shell's unread badge: asked every minute and when the window regains focus. */
export function useUnreadCount(): number {
  const query = useQuery({
    queryKey: keys.inboxUnread,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  })
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
