import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { FleetDashboardLayout } from './fleet-dashboard-layout'

afterEach(() => vi.unstubAllGlobals())

const session = {
  status: 200,
  body: {
    csrf_token: 'c',
    user: { id: 'u', email: 'dana@blueridge.example', first_name: 'Dana', last_name: 'Owner', role: 'fleet_admin', account_id: 'a' },
  },
}

const bellWith = (pending: number) => ({
  status: 200,
  body: { items: [], unread: 0, attention: { overdue: 0, due_in30: 0, pending_renewals: pending, overdue_items: [] } },
})

const navDocuments = () =>
  within(screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })).getByRole('link', { name: /Documents/ })

// Issue 29 point 20: pending driver renewals showed no badge outside the Documents page.
describe('the side menu’s renewals badge', () => {
  it('counts the renewals waiting for review on Documents, where they are reviewed', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/auth/session': session,
      'GET /api/fleet/inbox/unread': { status: 200, body: { unread: 0 } },
      'GET /api/fleet/notifications': bellWith(2),
    })
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>{null}</FleetDashboardLayout>)

    await waitFor(() => expect(navDocuments()).toHaveAccessibleName('Documents, 2 driver renewals to review'))
    expect(within(navDocuments()).getByTestId('unread-badge')).toHaveTextContent('2')
  })

  it('shows no badge when none wait', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/auth/session': session,
      'GET /api/fleet/inbox/unread': { status: 200, body: { unread: 0 } },
      'GET /api/fleet/notifications': bellWith(0),
    })
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>{null}</FleetDashboardLayout>)

    await waitFor(() => expect(navDocuments()).toHaveAccessibleName('Documents'))
    expect(within(navDocuments()).queryByTestId('unread-badge')).not.toBeInTheDocument()
  })
})
