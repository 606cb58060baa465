import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** GET /api/portal/loads/{id}/messages: the thread of a load the driver drives, oldest first. */
export type PortalLoadThread = Schemas['LoadThread']
export type PortalLoadMessage = Schemas['LoadMessageView']
/** GET /api/portal/load-messages/unread: the office's messages the driver has not read, by load. */
export type PortalUnreadSummary = Schemas['UnreadSummary']

const thread = (loadId: string) => `/api/portal/loads/${encodeURIComponent(loadId)}/messages`

export const fetchPortalLoadThread = (loadId: string, signal?: AbortSignal) =>
  api.get<PortalLoadThread>(thread(loadId), signal)

export const sendPortalLoadMessage = (loadId: string, message: string) =>
  api.post<PortalLoadMessage>(thread(loadId), { message })

export const markPortalLoadThreadRead = (loadId: string) => api.post<void>(`${thread(loadId)}/read`)

export const fetchPortalLoadMessagesUnread = (signal?: AbortSignal) =>
  api.get<PortalUnreadSummary>('/api/portal/load-messages/unread', signal)
