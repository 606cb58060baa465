import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** A driver's renewal from the driver portal (pending ones wait in the review queue). */
export type RenewalView = Schemas['RenewalView']

const RENEWALS = '/api/fleet/renewals'
const renewalPath = (id: string) => `${RENEWALS}/${encodeURIComponent(id)}`

/** The pending renewals, oldest first. */
export const fetchRenewals = (signal?: AbortSignal) => api.get<RenewalView[]>(RENEWALS, signal)

/** A same-origin, cookie-authenticated GET answered with the file as an attachment. */
export const renewalFileUrl = (id: string) => `${renewalPath(id)}/file`

/** Files the renewal as a document of its driver, truck or trailer. */
export const acceptRenewal = (id: string) => api.post<RenewalView>(`${renewalPath(id)}/accept`)

/** 422 on `reason` when it is empty; the driver sees the reason. */
export const rejectRenewal = (id: string, reason: string) =>
  api.post<RenewalView>(`${renewalPath(id)}/reject`, { reason } satisfies Schemas['RenewalReject'])
