import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** GET /api/fleet/loads/{id}/messages: the thread, oldest first, and what the office has not read. */
export type LoadThread = Schemas['LoadThread']
export type LoadMessageView = Schemas['LoadMessageView']
/** GET /api/fleet/load-messages/unread. */
export type UnreadSummary = Schemas['UnreadSummary']

const thread = (id: string) => `/api/fleet/loads/${encodeURIComponent(id)}/messages`

export const fetchLoadThread = (id: string, signal?: AbortSignal) => api.get<LoadThread>(thread(id), signal)

export const sendLoadMessage = (id: string, message: string) => api.post<LoadMessageView>(thread(id), { message })

export const markLoadThreadRead = (id: string) => api.post<void>(`${thread(id)}/read`)

export const fetchLoadMessagesUnread = (signal?: AbortSignal) =>
  api.get<UnreadSummary>('/api/fleet/load-messages/unread', signal)
