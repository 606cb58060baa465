import { describe, expect, it } from 'vitest'
import { LOAD_STATUSES, LOAD_TABS, cancellable, statusActions, tabCounts, tabOf } from './load-status'

describe('the loads list tabs', () => {
  it('groups the statuses as the issue lists them', () => {
    expect(LOAD_TABS.unassigned).toEqual(['tendered', 'accepted'])
    expect(LOAD_TABS.inTransit).toEqual(['at_pickup', 'loaded', 'in_transit', 'at_delivery'])
    expect(LOAD_TABS.billed).toEqual(['invoiced', 'paid'])
    expect(LOAD_TABS.all).toEqual([])
    expect(tabOf('loaded')).toBe('inTransit')
    expect(tabOf('paid')).toBe('billed')
    // Declined has no tab of its own: only All lists it.
    expect(tabOf('declined')).toBe('all')
  })

  it('puts every status except declined in exactly one tab besides All', () => {
    for (const status of LOAD_STATUSES) {
      const tabs = Object.entries(LOAD_TABS).filter(([, statuses]) => (statuses as readonly string[]).includes(status))
      expect(tabs.length, status).toBe(status === 'declined' ? 0 : 1)
    }
  })

  it('adds the server’s single-status counts up per tab, All counting every status', () => {
    const counts = tabCounts([
      { status: 'tendered', count: 2 },
      { status: 'accepted', count: 3 },
      { status: 'declined', count: 1 },
      { status: 'planned', count: 4 },
      { status: 'at_pickup', count: 1 },
      { status: 'in_transit', count: 5 },
      { status: 'at_delivery', count: 2 },
      { status: 'invoiced', count: 7 },
      { status: 'paid', count: 10 },
    ])
    expect(counts).toEqual({
      all: 35,
      unassigned: 5,
      planned: 4,
      dispatched: 0,
      inTransit: 8,
      delivered: 0,
      billed: 17,
      cancelled: 0,
    })
    expect(tabCounts([]).all).toBe(0)
  })
})

describe("a load's status buttons", () => {
  it('offers only the steps the machine allows that are taken by hand', () => {
    expect(statusActions('tendered')).toEqual(['accepted', 'declined'])
    expect(statusActions('accepted')).toEqual([])
    expect(statusActions('planned')).toEqual(['dispatched'])
    expect(statusActions('in_transit')).toEqual([])
    expect(statusActions('at_delivery')).toEqual(['delivered'])
    expect(statusActions('delivered')).toEqual(['invoiced'])
    expect(statusActions('paid')).toEqual([])
    expect(statusActions('unknown')).toEqual([])
  })

  it('cancels only before delivery', () => {
    expect(cancellable('in_transit')).toBe(true)
    expect(cancellable('tendered')).toBe(true)
    expect(cancellable('delivered')).toBe(false)
    expect(cancellable('cancelled')).toBe(false)
  })
})
