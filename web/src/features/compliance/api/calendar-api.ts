import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** One dated item of the fleet: a document's expiry, a driver's qualification, the MCS-150 update. */
export type ComplianceItem = Schemas['ComplianceItem']
export type CalendarPage = Schemas['CalendarPage']
export type CalendarGroupItems = Schemas['CalendarGroupItems']
export type ItemsPage = Schemas['ItemsPage']
export type ComplianceSettings = Schemas['ComplianceSettingsView']
export type ComplianceSettingsInput = Schemas['ComplianceSettingsInput']
export type ReminderRecipient = Schemas['ReminderRecipient']
export type CalendarFeedLink = Schemas['CalendarFeedLink']

/** The calendar's groups, in the order the page shows them. */
export const GROUPS = ['overdue', 'next30', 'next90', 'later'] as const
export type GroupName = (typeof GROUPS)[number]

/** What an item belongs to; the contract types it as a string. */
export const ITEM_KINDS = ['company', 'truck', 'trailer', 'driver'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]
/** The kinds one item of which can be chosen as a filter. */
export type AssetKind = Exclude<ItemKind, 'company'>

export const isAssetKind = (kind: string): kind is AssetKind =>
  kind === 'truck' || kind === 'trailer' || kind === 'driver'

/** The filters every read shares: a kind, and one truck, trailer or driver of that kind. */
export interface CalendarRequest {
  kind?: ItemKind
  asset_id?: string
}

/** GET /items: a group's further pages, or a month (from/to). */
export interface ItemsRequest extends CalendarRequest {
  group?: GroupName
  from?: string
  to?: string
  after?: string
  limit?: number
}

/** Items per 'Show more'. */
export const GROUP_PAGE = 50
/** The server's largest page: the month view asks for whole months. */
export const MONTH_PAGE = 500

const COMPLIANCE = '/api/fleet/compliance'

/** The request's query string, without empty values. */
export function complianceQuery(request: ItemsRequest): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(request)) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

export const fetchCalendar = (request: CalendarRequest, signal?: AbortSignal) =>
  api.get<CalendarPage>(`${COMPLIANCE}/calendar${complianceQuery(request)}`, signal)

export const fetchItems = (request: ItemsRequest, signal?: AbortSignal) =>
  api.get<ItemsPage>(`${COMPLIANCE}/items${complianceQuery(request)}`, signal)

/** A same-origin, cookie-authenticated GET answered with the CSV as an attachment. */
export const exportUrl = (request: CalendarRequest) => `${COMPLIANCE}/export.csv${complianceQuery(request)}`

/** The document behind an item, as the documents screen downloads it. */
export const documentDownloadUrl = (id: string) => `/api/fleet/documents/${encodeURIComponent(id)}/download`

export const fetchSettings = (signal?: AbortSignal) => api.get<ComplianceSettings>(`${COMPLIANCE}/settings`, signal)

/** 422 with `fields.thresholds` or `fields.recipients` on a bad choice. */
export const saveSettings = (input: ComplianceSettingsInput) =>
  api.put<ComplianceSettings>(`${COMPLIANCE}/settings`, input)

/** A new secret feed link (the old one stops working); the server keeps only its hash. */
export const createFeed = () => api.post<CalendarFeedLink>(`${COMPLIANCE}/feed`)

/** 204. */
export const revokeFeed = () => api.delete<void>(`${COMPLIANCE}/feed`)
