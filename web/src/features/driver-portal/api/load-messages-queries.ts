import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  fetchPortalLoadMessagesUnread,
  fetchPortalLoadThread,
  markPortalLoadThreadRead,
  sendPortalLoadMessage,
} from './load-messages-api'

/** How often an open thread and the unread counts look for the office's answers. */
const POLL_MS = 30_000

export const portalLoadMessagesKeys = {
  all: ['portal', 'load-messages'] as const,
  thread: (loadId: string) => ['portal', 'load-messages', 'thread', loadId] as const,
  unread: ['portal', 'load-messages', 'unread'] as const,
}

export function usePortalLoadThread(loadId: string) {
  return useQuery({
    queryKey: portalLoadMessagesKeys.thread(loadId),
    queryFn: ({ signal }) => fetchPortalLoadThread(loadId, signal),
    refetchInterval: POLL_MS,
  })
}

/**
 * The office's messages the driver has not read: on one load (`loadId`) or
 * on all their loads. `data` is the count; `byLoad` the count of each load.
 */
export function useLoadMessagesUnread(loadId?: string) {
  const query = useQuery({
    queryKey: portalLoadMessagesKeys.unread,
    queryFn: ({ signal }) => fetchPortalLoadMessagesUnread(signal),
    refetchInterval: POLL_MS,
  })
  const summary = query.data
  const count = summary
    ? loadId === undefined
      ? summary.total
      : (summary.by_load.find((l) => l.load_id === loadId)?.unread ?? 0)
    : undefined
  return { ...query, data: count, byLoad: summary?.by_load ?? [] }
}

export function useSendPortalLoadMessage(loadId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (message: string) => sendPortalLoadMessage(loadId, message),
    onSuccess: () => void client.invalidateQueries({ queryKey: portalLoadMessagesKeys.thread(loadId) }),
  })
}

export function useMarkPortalLoadThreadRead(loadId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => markPortalLoadThreadRead(loadId),
    onSuccess: () => void client.invalidateQueries({ queryKey: portalLoadMessagesKeys.all }),
  })
}
