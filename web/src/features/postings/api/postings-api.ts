import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { listQuery } from '@/lib/paging'
import { texts } from '@/lib/texts'
import type {
  Posting,
  PostingInput,
  PostingsFilter,
  PostingsResponse,
  TruckChoice,
  VehiclePositionResponse,
} from './types'

const POSTINGS = '/api/fleet/postings'
const enc = encodeURIComponent

export const fetchPostings = (status: PostingsFilter, signal?: AbortSignal) =>
  api.get<PostingsResponse>(`${POSTINGS}?${new URLSearchParams({ status })}`, signal)

export const createPosting = (input: PostingInput) => api.post<Posting>(POSTINGS, input)

export const updatePosting = (id: string, input: PostingInput) => api.patch<Posting>(`${POSTINGS}/${enc(id)}`, input)

export const withdrawPosting = (id: string) => api.post<Posting>(`${POSTINGS}/${enc(id)}/withdraw`)

export const fetchVehiclePosition = (vehicleId: string, signal?: AbortSignal) =>
  api.get<VehiclePositionResponse>(`/api/fleet/vehicles/${enc(vehicleId)}/position`, signal)

type TruckPage = components['schemas']['ListPage_TruckItem']

/** The fleet lists' largest page (FLEET_LIMITS on the server). */
const TRUCKS_PER_PAGE = 200

const fetchTruckPage = (tab: 'active' | 'inactive', signal?: AbortSignal) =>
  api.get<TruckPage>(`/api/fleet/trucks?${listQuery({ q: '', tab, page: 1, per_page: TRUCKS_PER_PAGE })}`, signal)

/**
 * The trucks the dialog offers when it is not opened from one: both tabs of
 * the Trucks list (a truck without a driver is on the Inactive tab and may
 * still be offered), named ones first by number (Truck 9 before Truck 10).
 */
export async function fetchTruckChoices(signal?: AbortSignal): Promise<TruckChoice[]> {
  const pages = await Promise.all([fetchTruckPage('active', signal), fetchTruckPage('inactive', signal)])
  const byId = new Map<string, TruckChoice & { named: boolean }>()
  for (const item of pages.flatMap((page) => page.items)) {
    byId.set(item.id, { id: item.id, name: item.name || texts.fleet.assets.unnamedTruck, named: Boolean(item.name) })
  }
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  return [...byId.values()]
    .sort((a, b) => (a.named !== b.named ? (a.named ? -1 : 1) : collator.compare(a.name, b.name)))
    .map(({ id, name }) => ({ id, name }))
}
