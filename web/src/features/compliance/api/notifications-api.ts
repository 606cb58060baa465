import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

type Schemas = components['schemas']

export type NotificationList = Schemas['NotificationList']
/** A compliance reminder or an FMCSA record change, shown in the shell's bell. */
export type NotificationView = Schemas['NotificationView']

const NOTIFICATIONS = '/api/fleet/notifications'
const key = queryKeys.fleet.notifications

export const fetchNotifications = (signal?: AbortSignal) => api.get<NotificationList>(NOTIFICATIONS, signal)

/** Answers with the whole list again, its unread count included. */
export const markNotificationRead = (id: string) =>
  api.post<NotificationList>(`${NOTIFICATIONS}/${encodeURIComponent(id)}/read`)

export const markAllNotificationsRead = () => api.post<NotificationList>(`${NOTIFICATIONS}/read-all`)

/** How often the bell asks again while the dashboard is open (as the inbox badge does). */
export const NOTIFICATIONS_POLL_MS = 60_000

/** The bell's fetch, shared with the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const notificationsQuery = {
  queryKey: key,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchNotifications(signal),
  staleTime: 10_000,
}

/** The bell's list: asked every minute and whenever the window regains focus. */
export function useNotifications() {
  return useQuery({ ...notificationsQuery, refetchInterval: NOTIFICATIONS_POLL_MS, refetchOnWindowFocus: 'always' })
}

/** Both writes answer with the new list: it replaces the cached one, no second request. */
function useListMutation<Variables>(mutationFn: (variables: Variables) => Promise<NotificationList>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (list) => queryClient.setQueryData(key, list),
  })
}

export const useMarkNotificationRead = () => useListMutation(markNotificationRead)

export const useMarkAllNotificationsRead = () => useListMutation<void>(() => markAllNotificationsRead())
