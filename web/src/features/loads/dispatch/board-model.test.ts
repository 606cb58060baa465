import { describe, expect, it } from 'vitest'
import type { DispatchLoad, Finding } from './api'
import { causeLinks, columnOf, groupByColumn, groupFindings, loadsOfDay, timelineRows } from './board-model'
import { dayColumns } from './timeline'

function load(overrides: Partial<DispatchLoad>): DispatchLoad {
  return {
    id: 'l',
    pro_number: 1000,
    load_number: 'LN',
    customer_id: 'c1',
    customer_name: 'Acme Brokers',
    status: 'accepted',
    equipment_type: 'van',
    first_pickup_at: '2026-11-29T14:00:00Z',
    last_delivery_at: '2026-11-30T20:00:00Z',
    origin: 'Dallas, TX',
    destination: 'Memphis, TN',
    driver_response: null,
    decline_reason: null,
    driver_id: null,
    second_driver_id: null,
    truck_id: null,
    trailer_id: null,
    ...overrides,
  }
}

function finding(severity: Finding['severity'], code: string, cause_kind: Finding['cause_kind'] = 'driver'): Finding {
  return { severity, code, message: code, cause_kind, cause_id: `${code}-id`, date: null, minutes: null, rest_plan: [] }
}

describe('columnOf', () => {
  it.each([
    ['tendered', 'unassigned'],
    ['accepted', 'unassigned'],
    ['planned', 'planned'],
    ['dispatched', 'dispatched'],
    ['at_pickup', 'inTransit'],
    ['loaded', 'inTransit'],
    ['in_transit', 'inTransit'],
    ['at_delivery', 'inTransit'],
    ['delivered', 'delivered'],
  ])('puts %s in %s', (status, column) => {
    expect(columnOf(status)).toBe(column)
  })

  it.each(['declined', 'cancelled', 'invoiced', 'paid', 'toString', ''])('has no column for %j', (status) => {
    expect(columnOf(status)).toBeNull()
  })
})

describe('groupByColumn', () => {
  it('groups the loads by column, earliest pickup first, PRO breaking ties', () => {
    const loads = [
      load({ id: 'late', status: 'tendered', first_pickup_at: '2026-11-30T14:00:00Z' }),
      load({ id: 'b', status: 'accepted', pro_number: 1002 }),
      load({ id: 'a', status: 'accepted', pro_number: 1001 }),
      load({ id: 'road', status: 'loaded' }),
      load({ id: 'gone', status: 'cancelled' as DispatchLoad['status'] }),
    ]
    const groups = groupByColumn(loads)
    expect(groups.unassigned.map((l) => l.id)).toEqual(['a', 'b', 'late'])
    expect(groups.inTransit.map((l) => l.id)).toEqual(['road'])
    expect(groups.planned).toEqual([])
    expect(Object.values(groups).flat()).toHaveLength(4)
  })
})

describe('groupFindings', () => {
  it('lists Block, then Warn, then Info, keeping the order within each and leaving out empty groups', () => {
    const groups = groupFindings([
      finding('info', 'i1'),
      finding('block', 'b1'),
      finding('info', 'i2'),
      finding('block', 'b2'),
    ])
    expect(groups.map((g) => [g.severity, g.findings.map((f) => f.code)])).toEqual([
      ['block', ['b1', 'b2']],
      ['info', ['i1', 'i2']],
    ])
  })

  it('has no group for no findings', () => {
    expect(groupFindings([])).toEqual([])
  })
})

describe('causeLinks', () => {
  it('links each finding to the record that causes it', () => {
    const of = (kind: Finding['cause_kind']) => causeLinks({ cause_kind: kind, cause_id: 'x 1' }, ['d1']).map((l) => l.href)
    expect(of('driver')).toEqual(['/fleet-dashboard/drivers/x%201'])
    expect(of('truck')).toEqual(['/fleet-dashboard/trucks/x%201'])
    expect(of('trailer')).toEqual(['/fleet-dashboard/trailers/x%201'])
    expect(of('document')).toEqual(['/fleet-dashboard/documents'])
    expect(of('load')).toEqual(['/fleet-dashboard/loads/x%201'])
    expect(of('qualification')).toEqual(['/fleet-dashboard/drivers/d1?tab=qualification'])
  })

  it("links a team's qualification finding to both drivers, naming each", () => {
    expect(causeLinks({ cause_kind: 'qualification', cause_id: 'q' }, ['d1', 'd2'])).toEqual([
      { kind: 'qualification', href: '/fleet-dashboard/drivers/d1?tab=qualification', driverId: 'd1' },
      { kind: 'qualification', href: '/fleet-dashboard/drivers/d2?tab=qualification', driverId: 'd2' },
    ])
  })
})

describe('timelineRows', () => {
  const columns = dayColumns('2026-11-28', 7, 'America/Chicago')
  const board = {
    drivers: [
      { id: 'd1', name: 'Ann', active: true },
      { id: 'd2', name: 'Bob', active: true },
      { id: 'd3', name: 'Cy', active: false },
      { id: 'd4', name: 'Di', active: false },
    ],
    trucks: [
      { id: 't1', unit_number: '101', active: true },
      { id: 't2', unit_number: '102', active: false },
    ],
    loads: [
      load({ id: 'team', status: 'planned', driver_id: 'd1', second_driver_id: 'd2', truck_id: 't1' }),
      load({ id: 'overlap', status: 'dispatched', driver_id: 'd1', truck_id: 't1', first_pickup_at: '2026-11-30T14:00:00Z', last_delivery_at: '2026-12-01T14:00:00Z' }),
      load({ id: 'old', status: 'delivered', driver_id: 'd3', truck_id: 't2' }),
      load({ id: 'free', status: 'accepted' }),
      load({ id: 'next-week', status: 'planned', driver_id: 'd4', first_pickup_at: '2026-12-10T14:00:00Z', last_delivery_at: '2026-12-11T14:00:00Z' }),
    ],
  }

  it('draws a team load on both drivers and stacks overlapping loads', () => {
    const rows = timelineRows(board, columns, 'driver')
    expect(rows.map((r) => r.id)).toEqual(['d1', 'd2', 'd3'])
    const ann = rows[0]
    expect(ann.bars.map((b) => [b.load.id, b.placement.start, b.placement.span, b.lane])).toEqual([
      ['team', 1, 2, 0],
      ['overlap', 2, 2, 1],
    ])
    expect(ann.lanes).toBe(2)
    expect(rows[1].bars.map((b) => b.load.id)).toEqual(['team'])
    expect(rows[1].lanes).toBe(1)
  })

  it('keeps an inactive driver only while a load of the week is theirs', () => {
    const rows = timelineRows(board, columns, 'driver')
    expect(rows.find((r) => r.id === 'd3')?.active).toBe(false)
    expect(rows.find((r) => r.id === 'd4')).toBeUndefined()
  })

  it("keeps only the filtered driver's row", () => {
    expect(timelineRows(board, columns, 'driver', 'd2').map((r) => r.id)).toEqual(['d2'])
  })

  it('makes a row per truck', () => {
    const rows = timelineRows(board, columns, 'truck')
    expect(rows.map((r) => [r.name, r.bars.map((b) => b.load.id)])).toEqual([
      ['101', ['team', 'overlap']],
      ['102', ['old']],
    ])
  })
})

describe('loadsOfDay', () => {
  it("lists the loads under way on the fleet's day, earliest pickup first", () => {
    const [, sunday, monday] = dayColumns('2026-11-28', 7, 'America/Chicago')
    const loads = [
      load({ id: 'mon', first_pickup_at: '2026-11-30T15:00:00Z', last_delivery_at: '2026-11-30T20:00:00Z' }),
      load({ id: 'sun-mon', first_pickup_at: '2026-11-29T14:00:00Z', last_delivery_at: '2026-11-30T20:00:00Z' }),
      // 23:30 Sunday in Chicago, 05:30 Monday in UTC.
      load({ id: 'sun-late', first_pickup_at: '2026-11-30T05:30:00Z', last_delivery_at: '2026-11-30T05:50:00Z' }),
    ]
    expect(loadsOfDay(loads, sunday).map((l) => l.id)).toEqual(['sun-mon', 'sun-late'])
    expect(loadsOfDay(loads, monday).map((l) => l.id)).toEqual(['sun-mon', 'mon'])
  })
})
