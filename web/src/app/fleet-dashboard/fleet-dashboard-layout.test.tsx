import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { peekFlash } from '@/lib/flash'
import type * as flash from '@/lib/flash'
import { fleetAccount } from '@/test/fleet-fixtures'
import { fakeFetch, renderAt } from '@/test/render'
import CompanyProfilePage from '@/features/fleet-account/company-profile-page'
import { FleetDashboardLayout } from './fleet-dashboard-layout'

// The sign-out's page load is the browser's; the test sees where it goes.
const loaded = vi.hoisted(() => [] as string[])
vi.mock('@/lib/flash', async (importOriginal) => ({
  ...(await importOriginal<typeof flash>()),
  loadPage: (path: string) => loaded.push(path),
}))

afterEach(() => {
  vi.unstubAllGlobals()
  loaded.length = 0
  sessionStorage.clear()
})

function stub(account: { status: number; body?: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'GET /api/fleet/account': account,
        'POST /api/auth/sign-out': { status: 204 },
        'GET /api/auth/session': {
          status: 200,
          body: {
            csrf_token: 'c',
            user: { id: 'u', email: 'dana@blueridge.example', first_name: 'Dana', last_name: 'Owner', role: 'fleet_admin', account_id: 'a' },
          },
        },
      }),
    ),
  )
}

describe('fleet dashboard shell', () => {
  it("says 'Fleet Account Not Found' when the account answers 404", async () => {
    stub({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>screen</FleetDashboardLayout>)
    expect(await screen.findByText(texts.fleet.notFoundTitle)).toBeInTheDocument()
    expect(screen.getByText(texts.fleet.notFoundText)).toBeInTheDocument()
    expect(screen.queryByText('screen')).not.toBeInTheDocument()
  })

  it("offers the way home and sign-out on 'Fleet Account Not Found'", async () => {
    stub({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
    const user = userEvent.setup()
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>screen</FleetDashboardLayout>)
    expect(await screen.findByRole('link', { name: texts.fleet.shell.returnHome })).toHaveAttribute('href', '/')
    await user.click(screen.getByRole('button', { name: texts.fleet.shell.signOut }))
    await vi.waitFor(() => expect(loaded).toEqual(['/']))
    expect(peekFlash()).toBe('signed-out')
  })

  it("signing out from the user menu leaves 'Signed out' for the page it loads", async () => {
    stub({ status: 200, body: fleetAccount() })
    const user = userEvent.setup()
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>home</FleetDashboardLayout>)
    await user.click(await screen.findByRole('button', { name: texts.fleet.shell.userMenu }))
    await user.click(screen.getByRole('menuitem', { name: texts.fleet.userMenu.signOut }))
    await vi.waitFor(() => expect(loaded).toEqual(['/']))
    expect(peekFlash()).toBe('signed-out')
  })

  it('shows the fleet name, logo, brand accent and the active section', async () => {
    stub({
      status: 200,
      body: fleetAccount({
        branding: { logo_url: '/api/fleet/logo', primary_color: '#112233', secondary_color: '#445566' },
      }),
    })
    renderAt(
      '/fleet-dashboard/trucks/t-1',
      '/fleet-dashboard/*',
      <FleetDashboardLayout>
        <p>truck detail</p>
      </FleetDashboardLayout>,
    )
    expect(await screen.findByText('truck detail')).toBeInTheDocument()
    expect(screen.getByTestId('fleet-name')).toHaveTextContent('Blue Ridge')
    // Shown whole in up to two lines on a phone, not cut off with an ellipsis.
    expect(screen.getByTestId('fleet-name')).not.toHaveClass('truncate')
    expect(screen.getByTestId('fleet-name')).toHaveClass('line-clamp-2', 'wrap-anywhere')
    expect(screen.getByRole('img', { name: 'Blue Ridge logo' })).toHaveAttribute('src', '/api/fleet/logo')
    expect(screen.getByTestId('fleet-shell').style.getPropertyValue('--color-primary')).toBe('#112233')
    const nav = screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })
    expect(within(nav).getByRole('link', { name: texts.fleet.nav.trucks })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: texts.fleet.nav.overview })).not.toHaveAttribute('aria-current')
  })

  it('opens the user menu and the mobile navigation', async () => {
    stub({ status: 200, body: fleetAccount() })
    const user = userEvent.setup()
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>home</FleetDashboardLayout>)
    await user.click(await screen.findByRole('button', { name: texts.fleet.shell.userMenu }))
    const menu = screen.getByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: texts.fleet.userMenu.accountSettings })).toHaveAttribute(
      'href',
      '/fleet-dashboard?tab=settings',
    )
    expect(within(menu).getByRole('menuitem', { name: texts.fleet.userMenu.help })).toHaveAttribute(
      'href',
      'mailto:support@longhaul.example',
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: texts.fleet.shell.openMenu }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('link', { name: texts.fleet.nav.companySettings })).toBeInTheDocument()
  })

  it("renders the profile with 'No FMCSA data available' when there is none", async () => {
    stub({ status: 200, body: fleetAccount({ fmcsa: null }) })
    const user = userEvent.setup()
    renderAt(
      '/fleet-dashboard/profile',
      '/fleet-dashboard/*',
      <FleetDashboardLayout>
        <CompanyProfilePage />
      </FleetDashboardLayout>,
    )
    expect(await screen.findByText('Blue Ridge Freight LLC')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: texts.fleet.profileTabs.fmcsa }))
    expect(screen.getByText(texts.fleet.noFmcsaData)).toBeInTheDocument()
  })
})
