import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TrucksPage } from '@/features/vehicles/trucks-page'
import { account, page, truck } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { DocumentsRoute } from './documents-routes'
import { FleetDashboardLayout } from './fleet-dashboard-layout'

afterEach(() => {
  vi.unstubAllGlobals()
})

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })

/**
 * A fetch stand-in whose GET /api/fleet/account answers only when the test
 * says so; every other known path answers at once, the rest 404.
 */
function stubWithHeldAccount(answers: Record<string, unknown>) {
  let answerAccount = () => {}
  const accountAnswered = new Promise<void>((resolve) => {
    answerAccount = resolve
  })
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 404 })
    if (url.pathname === '/api/fleet/account') {
      await accountAnswered
      return json(account(true))
    }
    return url.pathname in answers ? json(answers[url.pathname]) : new Response(null, { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  const gets = (path: string) =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === path)
  return { answerAccount, gets }
}

describe("a fleet-dashboard screen's requests", () => {
  it("start with the fleet account's: a list does not wait for the account's answer, nor asks twice", async () => {
    const { answerAccount, gets } = stubWithHeldAccount({
      '/api/fleet/trucks': page([truck()]),
      '/api/fleet/eld': { integration: null, providers: [], running: [], settings: null },
    })
    renderAt(
      '/fleet-dashboard/trucks',
      '/fleet-dashboard/*',
      <FleetDashboardLayout>
        <TrucksPage />
      </FleetDashboardLayout>,
    )

    // The account has not answered, and the shell still shows its spinner...
    await waitFor(() => expect(gets('/api/fleet/trucks')).toHaveLength(1))
    expect(gets('/api/fleet/account')).toHaveLength(1)
    expect(screen.queryByTestId('fleet-shell')).not.toBeInTheDocument()
    // ...but the list's first page, as the screen asks for it, is on its way.
    expect(Object.fromEntries(gets('/api/fleet/trucks')[0].searchParams)).toEqual({
      q: '',
      tab: 'active',
      page: '1',
      per_page: '50',
    })
    expect(gets('/api/fleet/eld')).toHaveLength(1)

    answerAccount()
    expect(await screen.findByText('Unit 101')).toBeInTheDocument()
    // The screen found its page in the cache: one request in all.
    expect(gets('/api/fleet/trucks')).toHaveLength(1)
    expect(gets('/api/fleet/account')).toHaveLength(1)
  })

  it("fetch a lazily loaded screen's data while its chunk and the account load", async () => {
    const { answerAccount, gets } = stubWithHeldAccount({
      '/api/fleet/documents': { items: [], total: 0, page: 1, per_page: 50, counts: { all: 0, expiring_soon: 0, expired: 0 } },
      '/api/fleet/renewals': [],
    })
    renderAt(
      '/fleet-dashboard/documents?tab=expired',
      '/fleet-dashboard/*',
      <FleetDashboardLayout>
        <DocumentsRoute />
      </FleetDashboardLayout>,
    )

    await waitFor(() => expect(gets('/api/fleet/documents')).toHaveLength(1))
    expect(gets('/api/fleet/documents')[0].searchParams.get('tab')).toBe('expired')
    expect(gets('/api/fleet/renewals')).toHaveLength(1)
    expect(screen.queryByTestId('fleet-shell')).not.toBeInTheDocument()

    answerAccount()
    // The chunk's first import in the test runner is slow.
    expect(await screen.findByRole('heading', { name: 'Documents Management' }, { timeout: 12_000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(gets('/api/fleet/documents')).toHaveLength(1)
  }, 20_000)
})
