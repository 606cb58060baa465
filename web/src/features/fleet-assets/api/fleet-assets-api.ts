import { api } from '@/lib/api-client'
import type {
  DriverDetail,
  DriverInput,
  DriverItem,
  FleetAccountEld,
  ListPage,
  ListParams,
  TrailerDetail,
  TrailerItem,
  TruckDetail,
  TruckItem,
} from './types'

export const PAGE_SIZE = 50

/** Query keys; ['fleet','account'] is shared with the dashboard shell. */
export const fleetKeys = {
  account: ['fleet', 'account'] as const,
  overview: ['fleet', 'overview'] as const,
  trucks: {
    all: ['fleet', 'trucks'] as const,
    page: (params: ListParams) => ['fleet', 'trucks', params] as const,
  },
  truck: (id: string) => ['fleet', 'truck', id] as const,
  trailers: {
    all: ['fleet', 'trailers'] as const,
    page: (params: ListParams) => ['fleet', 'trailers', params] as const,
  },
  trailer: (id: string) => ['fleet', 'trailer', id] as const,
  drivers: {
    all: ['fleet', 'drivers'] as const,
    page: (params: ListParams) => ['fleet', 'drivers', params] as const,
  },
  driver: (id: string) => ['fleet', 'driver', id] as const,
  /** Prefix of every driver detail. */
  driverAll: ['fleet', 'driver'] as const,
}

function listQuery(params: ListParams): string {
  const search = new URLSearchParams({
    tab: params.tab,
    page: String(params.page),
    per_page: String(params.per_page),
  })
  if (params.q) search.set('q', params.q)
  return search.toString()
}

const enc = encodeURIComponent

export const fetchAccount = (signal?: AbortSignal) => api.get<FleetAccountEld>('/api/fleet/account', signal)

export const fetchTrucks = (params: ListParams, signal?: AbortSignal) =>
  api.get<ListPage<TruckItem>>(`/api/fleet/trucks?${listQuery(params)}`, signal)

export const fetchTruck = (id: string, signal?: AbortSignal) =>
  api.get<TruckDetail>(`/api/fleet/trucks/${enc(id)}`, signal)

export const fetchTrailers = (params: ListParams, signal?: AbortSignal) =>
  api.get<ListPage<TrailerItem>>(`/api/fleet/trailers?${listQuery(params)}`, signal)

export const fetchTrailer = (id: string, signal?: AbortSignal) =>
  api.get<TrailerDetail>(`/api/fleet/trailers/${enc(id)}`, signal)

export const fetchDrivers = (params: ListParams, signal?: AbortSignal) =>
  api.get<ListPage<DriverItem>>(`/api/fleet/drivers?${listQuery(params)}`, signal)

export const fetchDriver = (id: string, signal?: AbortSignal) =>
  api.get<DriverDetail>(`/api/fleet/drivers/${enc(id)}`, signal)

export const createDriver = (body: DriverInput) => api.post<DriverItem>('/api/fleet/drivers', body)

export const updateDriver = (id: string, body: DriverInput) =>
  api.put<DriverItem>(`/api/fleet/drivers/${enc(id)}`, body)

export const setDriverActive = (id: string, active: boolean) =>
  api.post<DriverItem>(`/api/fleet/drivers/${enc(id)}/${active ? 'activate' : 'deactivate'}`)
