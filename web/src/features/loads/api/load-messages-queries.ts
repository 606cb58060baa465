import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { fetchLoadMessagesUnread, fetchLoadThread, markLoadThreadRead, sendLoadMessage } from './load-messages-api'

/** How often an open thread and the unread counts look for new messages. */
const POLL_MS = 30_000

export const loadMessagesKeys = {
  all: ['fleet', 'load-messages'] as const,
  thread: (id: string) => ['fleet', 'load-messages', 'thread', id] as const,
  unread: ['fleet', 'load-messages', 'unread'] as const,
}

export function useLoadThread(id: string) {
  return useQuery({
    queryKey: loadMessagesKeys.thread(id),
    queryFn: ({ signal }) => fetchLoadThread(id, signal),
    refetchInterval: POLL_MS,
  })
}

/** The drivers' messages the office has not read, by load. */
export function useLoadMessagesUnread() {
  return useQuery({
    queryKey: loadMessagesKeys.unread,
    queryFn: ({ signal }) => fetchLoadMessagesUnread(signal),
    refetchInterval: POLL_MS,
  })
}

export function useSendLoadMessage(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (message: string) => sendLoadMessage(id, message),
    onSuccess: () => void client.invalidateQueries({ queryKey: loadMessagesKeys.thread(id) }),
  })
}

export function useMarkLoadThreadRead(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => markLoadThreadRead(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: loadMessagesKeys.all })
      // The bell lists the drivers' messages too.
      void client.invalidateQueries({ queryKey: queryKeys.fleet.notifications })
    },
  })
}
