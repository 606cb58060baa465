import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '@/lib/query-keys'
import { getsOf, page, stubFetch, truck } from '@/test/fleet-fixtures'
import { preloadFleetScreen } from './fleet-dashboard-preload'

// The dashboard's chunk is the whole fleet dashboard: transformed once here,
// so that each case waits for its requests, not for the test runner.
beforeAll(async () => {
  await import('./fleet-dashboard/fleet-dashboard-route')
}, 60_000)

afterEach(() => {
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

type Role = 'fleet_admin' | 'fleet_driver'

/** Opens `path` cold (nothing rendered) with a session of `role`, `accountId` its fleet. */
function openCold(path: string, role: Role, accountId: string | null = 'acc-1') {
  window.history.replaceState(null, '', path)
  const user = { id: 'u-1', email: 'fran@acme.test', first_name: 'Fran', last_name: 'Admin', role, account_id: accountId }
  const fetchMock = stubFetch({
    'GET /api/auth/session': { status: 200, body: { user, csrf_token: 'c' } },
    'GET /api/fleet/trucks': { status: 200, body: page([truck()]) },
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  preloadFleetScreen(queryClient)
  return { fetchMock, queryClient }
}

describe('a fleet-dashboard screen opened cold', () => {
  it("asks for its data as soon as the session lets a fleet admin in, before anything renders", async () => {
    const { fetchMock, queryClient } = openCold('/fleet-dashboard/trucks', 'fleet_admin')

    // Nothing is rendered here: the screen's list and the shell's account are asked for all the same.
    await vi.waitFor(() => expect(getsOf(fetchMock, '/api/fleet/trucks')).toHaveLength(1))
    expect(getsOf(fetchMock, '/api/auth/session')).toHaveLength(1)
    expect(getsOf(fetchMock, '/api/fleet/account')).toHaveLength(1)
    expect(Object.fromEntries(getsOf(fetchMock, '/api/fleet/trucks')[0].searchParams)).toMatchObject({ page: '1', tab: 'active' })
    // In the cache under the key the screen reads, so the screen does not ask again.
    await vi.waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: queryKeys.fleet.trucks })[0]?.state.data).toBeDefined(),
    )
  })

  it('starts nothing for a user the route guard will send elsewhere', async () => {
    const driver = openCold('/fleet-dashboard/trucks', 'fleet_driver')
    const pending = openCold('/fleet-dashboard/trucks', 'fleet_admin', null)

    await vi.waitFor(() => expect(getsOf(driver.fetchMock, '/api/auth/session')).toHaveLength(1))
    await vi.waitFor(() => expect(getsOf(pending.fetchMock, '/api/auth/session')).toHaveLength(1))
    // The chunk is loaded (beforeAll) and the session has answered: a fleet
    // admin's data would have been asked for in the same turn.
    await new Promise((resolve) => setTimeout(resolve, 0))
    for (const { fetchMock } of [driver, pending]) {
      expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/fleet/'))).toEqual([])
    }
  })

  it('leaves every other page alone', () => {
    const { fetchMock } = openCold('/fleet-signup', 'fleet_admin')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
