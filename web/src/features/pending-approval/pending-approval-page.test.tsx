import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import PendingApprovalPage from './pending-approval-page'

const p = texts.pendingApproval

afterEach(() => {
  vi.unstubAllGlobals()
})

function signedInAs(accountId: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'GET /api/auth/session': {
          status: 200,
          body: {
            csrf_token: 'c',
            user: { id: 'u', email: 'owner@fleet.example', first_name: null, last_name: null, role: 'fleet_admin', account_id: accountId },
          },
        },
      }),
    ),
  )
}

describe('pending approval page', () => {
  it('says the setup is in progress while the fleet admin has no fleet', async () => {
    signedInAs(null)
    renderAt('/pending-approval', '/pending-approval', <PendingApprovalPage />)
    expect(await screen.findByText('owner@fleet.example')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: p.title })).toBeInTheDocument()
    expect(screen.getByText(p.stepReview)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: p.openDashboard })).not.toBeInTheDocument()
  })

  it('offers the dashboard once the fleet admin has a fleet', async () => {
    signedInAs('account-1')
    renderAt('/pending-approval', '/pending-approval', <PendingApprovalPage />)
    expect(await screen.findByRole('heading', { name: p.readyTitle })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: p.title })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: p.openDashboard })).toHaveAttribute('href', '/fleet-dashboard')
    expect(screen.getByRole('button', { name: p.logout })).toBeInTheDocument()
  })

  it('offers Sign In, not Logout, to a visitor who is signed out', async () => {
    signedOut()
    renderAt('/pending-approval', '/pending-approval', <PendingApprovalPage />)
    expect(await screen.findByRole('link', { name: texts.publicHeader.signIn })).toHaveAttribute('href', '/auth')
    expect(screen.queryByRole('button', { name: p.logout })).not.toBeInTheDocument()
    expect(screen.queryByText(p.signedInAs)).not.toBeInTheDocument()
  })

  it('says where the confirmation link went when the success page sent the visitor here', async () => {
    signedOut()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter
          initialEntries={[{ pathname: '/pending-approval', state: { confirmationSentTo: 'owner@blueridge.example' } }]}
        >
          <Routes>
            <Route path="/pending-approval" element={<PendingApprovalPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('link', { name: texts.publicHeader.signIn })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: texts.subscriptionSuccess.confirmEmailTitle })).toBeInTheDocument()
    expect(screen.getByText(/We sent a confirmation link to owner@blueridge\.example/)).toBeInTheDocument()
  })
})

function signedOut() {
  vi.stubGlobal(
    'fetch',
    vi.fn(fakeFetch({ 'GET /api/auth/session': { status: 200, body: { csrf_token: 'c', user: null } } })),
  )
}
