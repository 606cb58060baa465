import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { listQuery, type ListParams } from '@/lib/paging'

type Schemas = components['schemas']

const enc = encodeURIComponent

export const fetchTrucks = (params: ListParams, signal?: AbortSignal) =>
  api.get<Schemas['ListPage_TruckItem']>(`/api/fleet/trucks?${listQuery(params)}`, signal)

export const fetchTruck = (id: string, signal?: AbortSignal) =>
  api.get<Schemas['TruckDetail']>(`/api/fleet/trucks/${enc(id)}`, signal)

export const fetchTrailers = (params: ListParams, signal?: AbortSignal) =>
  api.get<Schemas['ListPage_TrailerItem']>(`/api/fleet/trailers?${listQuery(params)}`, signal)

export const fetchTrailer = (id: string, signal?: AbortSignal) =>
  api.get<Schemas['TrailerDetail']>(`/api/fleet/trailers/${enc(id)}`, signal)
