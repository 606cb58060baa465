import { describe, expect, it } from 'vitest'
import {
  changeFilters,
  clearFilters,
  documentsQuery,
  filtersFromSearch,
  hasActiveFilters,
  NO_FILTERS,
  requestFromFilters,
  searchFromFilters,
  type DocumentFilters,
} from './filter-params'

const VEHICLE = '0b6f6a3e-5d0c-4a43-9a56-0f4f1f1f2b7c'
const parse = (query: string) => filtersFromSearch(new URLSearchParams(query))

describe('document filters in the URL', () => {
  it('reads every filter from the query string', () => {
    expect(
      parse(`tab=expiring_soon&q=%20insurance%20&type=company_ifta&from=2025-01-05&to=2025-02-03&vehicle=${VEHICLE}&page=3`),
    ).toEqual({
      tab: 'expiring_soon',
      q: 'insurance',
      type: 'company_ifta',
      from: '2025-01-05',
      to: '2025-02-03',
      vehicle: VEHICLE,
      page: 3,
    })
  })

  it('is the default view for an empty query string', () => {
    expect(parse('')).toEqual(NO_FILTERS)
  })

  it('drops what the server would refuse instead of failing the list', () => {
    expect(parse('tab=archived&type=passport&from=2025-02-30&to=tomorrow&vehicle=42&page=0')).toEqual(NO_FILTERS)
    expect(parse('page=-2').page).toBe(1)
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('q=' + 'x'.repeat(150)).q).toHaveLength(100)
  })

  it('puts a reversed range in order', () => {
    const filters = parse('from=2025-03-01&to=2025-01-31')
    expect([filters.from, filters.to]).toEqual(['2025-01-31', '2025-03-01'])
  })

  it('keeps a one-sided range', () => {
    expect(parse('from=2025-01-05')).toMatchObject({ from: '2025-01-05', to: null })
    expect(parse('to=2025-01-05')).toMatchObject({ from: null, to: '2025-01-05' })
  })

  it('writes only what differs from the default, and round-trips', () => {
    expect(searchFromFilters(NO_FILTERS).toString()).toBe('')
    const filters: DocumentFilters = {
      tab: 'expired',
      q: 'cab card',
      type: 'truck_registration',
      from: '2025-01-05',
      to: '2025-02-03',
      vehicle: VEHICLE,
      page: 2,
    }
    const search = searchFromFilters(filters)
    expect(search.toString()).toBe(
      `tab=expired&q=cab+card&type=truck_registration&from=2025-01-05&to=2025-02-03&vehicle=${VEHICLE}&page=2`,
    )
    expect(filtersFromSearch(search)).toEqual(filters)
  })

  it('keeps parameters that are not filters and removes cleared ones', () => {
    const keep = new URLSearchParams('tab=expired&q=old&other=1')
    expect(searchFromFilters({ ...NO_FILTERS, q: 'new' }, keep).toString()).toBe('q=new&other=1')
  })

  it('starts again at page 1 on any change but the page', () => {
    const onPage3 = { ...NO_FILTERS, page: 3 }
    expect(changeFilters(onPage3, { q: 'permit' })).toMatchObject({ q: 'permit', page: 1 })
    expect(changeFilters(onPage3, { tab: 'expired' })).toMatchObject({ tab: 'expired', page: 1 })
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4)
  })

  it('knows when a filter is active, and Clear Filters keeps the tab', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...NO_FILTERS, tab: 'expired', page: 2 })).toBe(false)
    for (const change of [{ q: 'x' }, { type: 'maintenance' as const }, { vehicle: VEHICLE }, { from: '2025-01-01' }, { to: '2025-01-01' }]) {
      expect(hasActiveFilters({ ...NO_FILTERS, ...change })).toBe(true)
    }
    const busy: DocumentFilters = { tab: 'expired', q: 'x', type: 'maintenance', from: '2025-01-01', to: '2025-01-02', vehicle: VEHICLE, page: 2 }
    expect(clearFilters(busy)).toEqual({ ...NO_FILTERS, tab: 'expired' })
  })
})

describe('the documents request', () => {
  it('sends the filters under the API names, empty ones left out', () => {
    const query = new URLSearchParams(
      documentsQuery(requestFromFilters({ ...NO_FILTERS, tab: 'expired', q: 'ifta', vehicle: VEHICLE, from: '2025-01-05' })),
    )
    expect(Object.fromEntries(query)).toEqual({
      tab: 'expired',
      q: 'ifta',
      vehicle_id: VEHICLE,
      from: '2025-01-05',
      page: '1',
      per_page: '50',
    })
  })

  it("asks for an asset's documents by driver or vehicle id", () => {
    const query = new URLSearchParams(documentsQuery({ driverId: 'd-1', page: 2 }))
    expect(Object.fromEntries(query)).toEqual({ tab: 'all', driver_id: 'd-1', page: '2', per_page: '50' })
  })
})
