import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { listQuery, type ListParams } from '@/lib/paging'

type Schemas = components['schemas']
type DriverItem = Schemas['DriverItem']

const driverPath = (id: string) => `/api/fleet/drivers/${encodeURIComponent(id)}`

export const fetchDrivers = (params: ListParams, signal?: AbortSignal) =>
  api.get<Schemas['ListPage_DriverItem']>(`/api/fleet/drivers?${listQuery(params)}`, signal)

export const fetchDriver = (id: string, signal?: AbortSignal) => api.get<Schemas['DriverDetail']>(driverPath(id), signal)

export const createDriver = (body: Schemas['DriverInput']) => api.post<DriverItem>('/api/fleet/drivers', body)

export const updateDriver = (id: string, body: Schemas['DriverInput']) => api.put<DriverItem>(driverPath(id), body)

export const setDriverActive = (id: string, active: boolean) =>
  api.post<DriverItem>(`${driverPath(id)}/${active ? 'activate' : 'deactivate'}`)

/** Mails the driver a link to set an own portal password (422 on `email` when the driver has none). */
export const sendPortalInvite = (id: string) => api.post<Schemas['InviteSent']>(`${driverPath(id)}/portal-invite`)
