import { api } from '@/lib/api-client'
import type { PortalLoad, PortalLoads } from '../loads/portal-load-types'

const LOADS = '/api/portal/loads'
const loadPath = (id: string) => `${LOADS}/${encodeURIComponent(id)}`

export const fetchPortalLoads = (signal?: AbortSignal) => api.get<PortalLoads>(LOADS, signal)

export const fetchPortalLoad = (id: string, signal?: AbortSignal) => api.get<PortalLoad>(loadPath(id), signal)

export const acceptPortalLoad = (id: string) => api.post<PortalLoad>(`${loadPath(id)}/accept`, {})

export const declinePortalLoad = (id: string, reason: string) =>
  api.post<PortalLoad>(`${loadPath(id)}/decline`, { reason })
