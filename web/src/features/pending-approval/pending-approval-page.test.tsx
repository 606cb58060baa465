import { screen } from '@testing-library/react'
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
})
