import { describe, expect, it } from 'vitest'
import {
  filtersFromSearch,
  requestFromFilters,
  searchFromFilters,
  withAsset,
  withKind,
  type CalendarFilters,
} from './filter-params'

const TRUCK = '0b6c5a52-1111-4c1e-9d7e-5a1f00000001'
const none: CalendarFilters = { kind: null, asset: null, view: 'list', month: null }
const read = (search: string) => filtersFromSearch(new URLSearchParams(search))

describe('compliance filter params', () => {
  it('reads the defaults from an empty query', () => {
    expect(read('')).toEqual(none)
  })

  it('reads kind, asset, view and month', () => {
    expect(read(`kind=truck&asset=${TRUCK}&asset_name=Unit+101&view=month&month=2025-03`)).toEqual({
      kind: 'truck',
      asset: { kind: 'truck', id: TRUCK, name: 'Unit 101' },
      view: 'month',
      month: '2025-03',
    })
  })

  it.each([
    ['kind=boat', none],
    [`asset=${TRUCK}`, none],
    [`kind=company&asset=${TRUCK}`, { ...none, kind: 'company' }],
    ['kind=truck&asset=not-a-uuid', { ...none, kind: 'truck' }],
    ['view=week', none],
    ['view=month&month=2025-13', { ...none, view: 'month' }],
  ] as const)('ignores what is not a choice: %s', (search, expected) => {
    expect(read(search)).toEqual(expected)
  })

  it('falls back to the id when the asset has no name', () => {
    expect(read(`kind=driver&asset=${TRUCK}`).asset?.name).toBe(TRUCK)
  })

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(searchFromFilters(none, new URLSearchParams('x=1&kind=truck')).toString()).toBe('x=1')
    const filters = withAsset(none, { kind: 'trailer', id: TRUCK, name: 'Reefer 7' })
    const search = searchFromFilters({ ...filters, view: 'month', month: '2025-03' })
    expect(read(search.toString())).toEqual({ ...filters, view: 'month', month: '2025-03' })
    // The list view has no month.
    expect(searchFromFilters({ ...none, month: '2025-03' }).toString()).toBe('')
  })

  it('drops the asset when another kind is chosen', () => {
    const truck = withAsset(none, { kind: 'truck', id: TRUCK, name: 'Unit 101' })
    expect(truck.kind).toBe('truck')
    expect(withKind(truck, 'truck').asset).not.toBeNull()
    expect(withKind(truck, 'driver')).toEqual({ ...none, kind: 'driver' })
    expect(withKind(truck, null)).toEqual(none)
    expect(withAsset(truck, null)).toEqual({ ...none, kind: 'truck' })
  })

  it('asks the server for the kind and asset id', () => {
    expect(requestFromFilters(none)).toEqual({})
    expect(requestFromFilters(withAsset(none, { kind: 'truck', id: TRUCK, name: 'Unit 101' }))).toEqual({
      kind: 'truck',
      asset_id: TRUCK,
    })
  })
})
