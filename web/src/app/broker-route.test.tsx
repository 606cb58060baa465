import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
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

function renderAs(role: 'broker_admin' | 'broker_user', path: string) {
  stubFetch({
    'GET /api/auth/session': {
      status: 200,
      body: {
        user: { id: 'u-1', email: 'pat@lakeside.example', first_name: 'Pat', last_name: 'Lee', role, account_id: 'acc-1' },
        csrf_token: 'c',
      },
    },
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
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
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
