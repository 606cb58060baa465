import { ITEM_KINDS, isAssetKind, type AssetKind, type CalendarRequest, type ItemKind } from './api/calendar-api'

export type CalendarView = 'list' | 'month'

/** One truck, trailer or driver chosen from an item ('Show only this truck'). */
export interface AssetFilter {
  kind: AssetKind
  id: string
  /** Shown on the filter's chip; the URL carries it so a reload needs no lookup. */
  name: string
}

/** The calendar's state, all of it in the URL (it survives a reload and the back button). */
export interface CalendarFilters {
  kind: ItemKind | null
  asset: AssetFilter | null
  view: CalendarView
  /** 'yyyy-MM' of the month view; null for the current month. */
  month: string | null
}

const PARAMS = ['kind', 'asset', 'asset_name', 'view', 'month'] as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

const isKind = (value: string | null): value is ItemKind => ITEM_KINDS.some((kind) => kind === value)

/** Reads the filters; a value that is not one of the choices is ignored. */
export function filtersFromSearch(params: URLSearchParams): CalendarFilters {
  const rawKind = params.get('kind')
  const kind = isKind(rawKind) ? rawKind : null
  const assetId = params.get('asset') ?? ''
  const asset =
    kind && isAssetKind(kind) && UUID.test(assetId)
      ? { kind, id: assetId, name: params.get('asset_name')?.trim() || assetId }
      : null
  const month = params.get('month')
  return {
    kind,
    asset,
    view: params.get('view') === 'month' ? 'month' : 'list',
    month: month && MONTH.test(month) ? month : null,
  }
}

/** The filters written into `current`, keeping its other parameters; defaults are left out. */
export function searchFromFilters(filters: CalendarFilters, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current)
  PARAMS.forEach((name) => next.delete(name))
  if (filters.kind) next.set('kind', filters.kind)
  if (filters.asset && filters.asset.kind === filters.kind) {
    next.set('asset', filters.asset.id)
    next.set('asset_name', filters.asset.name)
  }
  if (filters.view === 'month') {
    next.set('view', 'month')
    if (filters.month) next.set('month', filters.month)
  }
  return next
}

/** Choosing a kind drops an asset of another kind. */
export function withKind(filters: CalendarFilters, kind: ItemKind | null): CalendarFilters {
  return { ...filters, kind, asset: filters.asset?.kind === kind ? filters.asset : null }
}

/** 'Show only this truck': the item's kind and asset. */
export function withAsset(filters: CalendarFilters, asset: AssetFilter | null): CalendarFilters {
  return asset ? { ...filters, kind: asset.kind, asset } : { ...filters, asset: null }
}

/** What the server filters by. */
export function requestFromFilters(filters: CalendarFilters): CalendarRequest {
  const request: CalendarRequest = {}
  if (filters.kind) request.kind = filters.kind
  if (filters.asset) request.asset_id = filters.asset.id
  return request
}

export const hasFilters = (filters: CalendarFilters) => filters.kind !== null || filters.asset !== null
