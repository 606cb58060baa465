import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import BrokerRoute from './broker-route'

beforeEach(() => {
  // Radix's checkbox (the board's form) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

type Role = 'broker_admin' | 'broker_user' | 'fleet_admin' | 'fleet_driver' | 'super_admin' | null

/** `signedOut`: the session has no user. */
function renderAs(role: Role | 'signedOut', path: string) {
  const user =
    role === 'signedOut'
      ? null
      : { id: 'u-1', email: 'pat@lakeside.example', first_name: 'Pat', last_name: 'Lee', role, account_id: 'acc-1' }
  stubFetch({
    'GET /api/auth/session': { status: 200, body: { user, csrf_token: 'c' } },
    'GET /api/broker/account': { status: 200, body: { id: 'acc-1', name: 'Lakeside Logistics', mc_number: '654321', role } },
    'GET /api/broker/users': { status: 200, body: { users: [] } },
    'GET /api/broker/saved-searches': { status: 200, body: { saved_searches: [] } },
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/broker/*" element={<BrokerRoute />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** Where the guard sent the visitor, and from where. */
function Where() {
  const location = useLocation()
  const state = location.state as { from?: string } | null
  return (
    <p>
      at {location.pathname} from {state?.from}
    </p>
  )
}

const nav = () => within(screen.getByRole('navigation', { name: 'Broker portal' }))

describe('broker portal', () => {
  it("gives a broker admin the Users screen and marks the current section", async () => {
    renderAs('broker_admin', '/broker/users')
    expect(await screen.findByRole('heading', { name: texts.brokers.users.title, level: 1 })).toBeInTheDocument()
    expect(nav().getByRole('link', { name: texts.brokers.users.title })).toHaveAttribute('aria-current', 'page')
    expect(nav().getByRole('link', { name: texts.board.menu })).toHaveAttribute('href', '/broker/board')
    expect(nav().getByRole('link', { name: texts.board.saved.title })).toHaveAttribute('href', '/broker/saved-searches')
    expect(nav().getByRole('link', { name: texts.brokers.settings.title })).toHaveAttribute('href', '/broker/settings')
    expect(screen.getByRole('button', { name: texts.dashboard.signOut })).toBeInTheDocument()
  })

  it('sends a broker user from Users to the board and leaves Users out of the menu', async () => {
    renderAs('broker_user', '/broker/users')
    expect(await screen.findByRole('heading', { name: texts.board.search.title, level: 1 })).toBeInTheDocument()
    expect(nav().queryByRole('link', { name: texts.brokers.users.title })).not.toBeInTheDocument()
    expect(nav().getByRole('link', { name: texts.board.menu })).toHaveAttribute('aria-current', 'page')
  })

  it("shows the broker account's settings and the user's e-mail", async () => {
    renderAs('broker_user', '/broker/settings')
    expect(await screen.findByText('Lakeside Logistics')).toBeInTheDocument()
    expect(screen.getByText('654321')).toBeInTheDocument()
    expect(screen.getByText(texts.brokers.roles.broker_user)).toBeInTheDocument()
    expect(await screen.findByText('pat@lakeside.example', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByText(texts.brokers.settings.company)).toBeInTheDocument()
    expect(screen.getByText(texts.brokers.settings.mcNumber)).toBeInTheDocument()
  })
})

describe('broker guard', () => {
  it.each([
    ['signedOut', '/auth'],
    ['fleet_admin', '/fleet-dashboard'],
    ['fleet_driver', '/driver-portal'],
    ['super_admin', '/dashboard'],
    [null, '/dashboard'],
  ] as const)('sends a %s visitor to %s', async (role, path) => {
    renderAs(role, '/broker/saved-searches')
    expect(await screen.findByText(`at ${path} from /broker/saved-searches`)).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Broker portal' })).not.toBeInTheDocument()
  })

  it('opens the unsubscribe page without a session', async () => {
    stubFetch({
      'POST /api/saved-searches/unsubscribe/tok-9': { status: 200, body: { name: 'Chicago vans', unsubscribed: true } },
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/unsubscribe/tok-9']}>
          <Routes>
            <Route path="/unsubscribe/:token" element={<BrokerRoute unsubscribe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('heading', { name: texts.board.saved.title, level: 1 })).toBeInTheDocument()
  })
})
