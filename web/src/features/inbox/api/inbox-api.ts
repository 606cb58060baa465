import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type Inbox = Schemas['Inbox']
/** A contact message a driver sent through the driver portal. */
export type MessageView = Schemas['MessageView']

const INBOX = '/api/fleet/inbox'

export const fetchInbox = (signal?: AbortSignal) => api.get<Inbox>(INBOX, signal)

export const fetchUnreadCount = (signal?: AbortSignal) => api.get<Schemas['UnreadCount']>(`${INBOX}/unread`, signal)

/** 204; marking a read message again changes nothing. */
export const markMessageRead = (id: string) => api.post<void>(`${INBOX}/${encodeURIComponent(id)}/read`)
