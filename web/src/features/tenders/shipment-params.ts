import type { ShipmentFilter, ShipmentListParams } from './api/types'

export const SHIPMENT_FILTERS = ['all', 'active', 'delivered', 'cancelled'] as const satisfies readonly ShipmentFilter[]
export const SHIPMENTS_PER_PAGE = 25

export const isFilter = (value: string | null): value is ShipmentFilter =>
  SHIPMENT_FILTERS.some((filter) => filter === value)

/** The list's request from the address (`?status=&q=&page=`): all, no search, the first page by default. */
export function shipmentParamsOf(params: URLSearchParams): ShipmentListParams {
  const status = params.get('status')
  const page = Number(params.get('page'))
  return {
    status: isFilter(status) ? status : 'all',
    q: params.get('q')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    per_page: SHIPMENTS_PER_PAGE,
  }
}

