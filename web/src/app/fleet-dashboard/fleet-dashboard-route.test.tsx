import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import FleetDashboardRoute from './fleet-dashboard-route'

const account = {
  id: 'fa-1',
  legal_name: 'Blue Ridge Freight LLC',
  dba_name: null,
  dot_number: '1234567',
  mc_number: null,
  power_units: 12,
  physical_address: { street: null, city: null, state: null, zip: null },
  contact: {
    first_name: 'Dana',
    last_name: 'Owner',
    email: 'dana@blueridge.example',
    phone: null,
    address: { street: null, city: null, state: null, zip: null },
  },
  monthly_rate_cents: null,
  subscription_id_short: null,
  subscription_status: null,
  authority: {
    authority_status: null,
    authority_date: null,
    registration_status: null,
    registration_date: null,
    insurance_required: null,
    insurance_on_file: null,
  },
  fmcsa: null,
  branding: { logo_url: null, primary_color: '#3E63DD', secondary_color: '#6E56CF' },
  security: { session_timeout_minutes: 60 },
  portal: {
    is_enabled: false,
    login_method: 'username',
    auth_type: 'individual_password',
    welcome_message: null,
    has_system_password: false,
  },
  eld: { connected: false, provider: null },
}

function stub(extra: Record<string, { status: number; body?: unknown }> = {}) {
  const fetchMock = vi.fn(
    fakeFetch({
      ...extra,
      'GET /api/fleet/account': { status: 200, body: account },
      'GET /api/fleet/eld': {
        status: 200,
        body: {
          integration: null,
          settings: { frequency: 'daily', drivers: true, trucks: true, trailers: true },
          providers: [{ value: 'samsara', label: 'Samsara', credentials: 'api_key', note: null }],
          running: [],
        },
      },
      'GET /api/fleet/compliance/summary': { status: 200, body: { overdue: 0, due_in30: 0, has_assets: false } },
      'GET /api/fleet/fmcsa/alerts': { status: 200, body: [] },
      'GET /api/fleet/overview': {
        status: 200,
        body: { welcome_name: 'Blue Ridge Freight LLC', power_units: { active: 3, registered: 12 }, drivers_active: 5, trailers_active_assigned: 2 },
      },
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const noDocuments = { items: [], total: 0, page: 1, per_page: 50, counts: { expiring_soon: 0, expired: 0 } }

const render = (path: string) => renderAt(path, '/fleet-dashboard/*', <FleetDashboardRoute />)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('fleet dashboard routes', () => {
  it('shows the overview with the three counts', async () => {
    stub()
    render('/fleet-dashboard')
    expect(await screen.findByRole('heading', { name: 'Welcome, Blue Ridge Freight LLC' })).toBeInTheDocument()
    expect(await screen.findByText('3 of 12 active')).toBeInTheDocument()
    expect(await screen.findByText(texts.fleet.setupInProgressTitle)).toBeInTheDocument()
  })

  it.each(['/fleet-dashboard/no-such-screen', '/fleet-dashboard/trucks/abc/extra', '/fleet-dashboard/profile/x'])(
    'shows the not-found page inside the shell for %s, with no menu item current',
    async (path) => {
      stub()
      render(path)
      expect(await screen.findByText(texts.notFound.message)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: texts.fleet.shell.backToOverview })).toHaveAttribute('href', '/fleet-dashboard')
      expect(screen.queryByText(texts.fleet.fleetStatus)).not.toBeInTheDocument()
      const nav = screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })
      expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument()
    },
  )

  it('shows the Documents screen', async () => {
    stub({ 'GET /api/fleet/documents': { status: 200, body: noDocuments } })
    render('/fleet-dashboard/documents')
    // A chunk of its own: the first import takes a while under Vitest.
    expect(await screen.findByRole('heading', { name: texts.documents.title }, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText(texts.documents.emptyTitle)).toBeInTheDocument()
  })

  it("lists a truck's documents in its Documents tab", async () => {
    const user = userEvent.setup()
    const fetchMock = stub({
      'GET /api/fleet/documents': { status: 200, body: noDocuments },
      'GET /api/fleet/trucks/truck-1': {
        status: 200,
        body: { id: 'truck-1', name: 'Unit 101', status: 'active', is_active: true, cleanup_notice: false, driver: null },
      },
    })
    render('/fleet-dashboard/trucks/truck-1')
    await user.click(await screen.findByRole('tab', { name: texts.fleet.truckTabs.documents }))
    expect(await screen.findByText(texts.documents.emptyTitle, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByText(texts.fleet.featureSoon)).not.toBeInTheDocument()
    const request = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/fleet/documents')
    expect(request?.searchParams.get('vehicle_id')).toBe('truck-1')
    // Radix's checkbox in the upload dialog measures itself; jsdom has no ResizeObserver.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
    await user.click(screen.getByRole('button', { name: texts.documents.uploadButton }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(texts.documents.vehicleTypeLabel)).toHaveValue('truck')
  })

  it('opens Account Settings and Billing from ?tab', async () => {
    stub()
    const { unmount } = render('/fleet-dashboard?tab=settings')
    expect(await screen.findByRole('tab', { name: texts.fleet.settingsPageTabs.apiAccess })).toBeInTheDocument()
    expect(screen.getByText(texts.fleet.settingsComingSoon)).toBeInTheDocument()
    unmount()
    render('/fleet-dashboard?tab=billing')
    expect(await screen.findByRole('heading', { name: texts.billing.title })).toBeInTheDocument()
  })

  it('shows Company Settings with the read-only DOT number and the branding defaults', async () => {
    stub()
    const user = userEvent.setup()
    render('/fleet-dashboard/company-settings')
    const dot = await screen.findByLabelText(texts.fleet.settingsForm.dotNumber)
    expect(dot).toHaveValue('1234567')
    expect(dot).toHaveAttribute('readonly')
    expect(screen.getByText(texts.fleet.dotReadOnly)).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: texts.fleet.settingsTabs.branding }))
    expect(screen.getByLabelText(texts.fleet.primaryColor)).toHaveValue('#3E63DD')
    await user.clear(screen.getByLabelText(texts.fleet.primaryColor))
    await user.type(screen.getByLabelText(texts.fleet.primaryColor), 'blue')
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    expect(await screen.findByText(texts.fleet.colorInvalid)).toBeInTheDocument()

    // The ELD Integration tab is its own chunk, loaded when the tab opens.
    await user.click(screen.getByRole('tab', { name: texts.fleet.settingsTabs.eld }))
    expect(await screen.findByRole('tab', { name: texts.eld.tabs.connect })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('heading', { name: texts.eld.connectTitle })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: texts.eld.tabs.history })).toBeInTheDocument()
  })
})
