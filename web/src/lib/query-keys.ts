import type { ListParams } from './paging'

/** The keys of one list: `all` is the prefix of every page, so one invalidation refreshes them all. */
function list(...scope: string[]) {
  return { all: scope, page: (params: ListParams) => [...scope, params] }
}

/** The keys of one kind of detail: `all` is the prefix of every item. */
function detail(...scope: string[]) {
  return { all: scope, of: (id: string) => [...scope, id] }
}

/**
 * Every TanStack Query key of the SPA, so that a mutation in one feature can
 * name what it changes in another (a driver edit refreshes the truck lists).
 */
export const queryKeys = {
  session: ['auth', 'session'],
  config: ['config'],
  testCheckout: detail('test-checkout'),
  admin: {
    signups: list('admin', 'signups'),
    users: list('admin', 'users'),
    fleetAccounts: list('admin', 'fleet-accounts'),
    accounts: list('admin', 'accounts'),
    audit: list('admin', 'audit'),
  },
  fleet: {
    /** GET /api/fleet/account, read by the dashboard shell and most of its screens. */
    account: ['fleet', 'account'],
    overview: ['fleet', 'overview'],
    trucks: list('fleet', 'trucks'),
    truck: detail('fleet', 'truck'),
    trailers: list('fleet', 'trailers'),
    trailer: detail('fleet', 'trailer'),
    drivers: list('fleet', 'drivers'),
    driver: detail('fleet', 'driver'),
  },
}
