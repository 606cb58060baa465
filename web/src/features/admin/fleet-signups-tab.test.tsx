import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { components } from '@/lib/api-types'
import { fakeFetch, renderAt } from '@/test/render'
import { FleetSignupsTab } from './fleet-signups-tab'

type SignupItem = components['schemas']['SignupItem']

const t = texts.admin

function signup(overrides: Partial<SignupItem>): SignupItem {
  return {
    id: 's-1',
    dot_number: '1234567',
    legal_name: 'Blue Ridge Freight LLC',
    dba_name: null,
    first_name: 'Sam',
    last_name: 'Owner',
    email: 'sam@blueridge.example',
    contact_phone: '5551234567',
    power_units: 12,
    fleet_size: '11-25',
    monthly_rate_cents: 39900,
    current_step: 3,
    completed: false,
    has_fleet_admin: false,
    subscription_status: 'active',
    band_review: null,
    created_at: '2026-01-05T10:00:00Z',
    ...overrides,
  }
}

const open = signup({})
const done = signup({ id: 's-2', legal_name: 'Done Trucking', completed: true, subscription_status: null })
const noEmail = signup({ id: 's-3', legal_name: 'Quiet Haulers', email: null, current_step: 1 })

function stubFetch(routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetchMock = vi.fn(
    fakeFetch({
      'GET /api/admin/signups': { status: 200, body: { items: [open, done, noEmail], total: 3, page: 1, per_page: 25 } },
      ...routes,
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('fleet signups tab', () => {
  it('shows badges and enables the actions by the rules', async () => {
    stubFetch()
    renderAt('/dashboard', '/dashboard', <FleetSignupsTab />)

    const first = await row(open.legal_name)
    expect(within(first).getByText('In Progress (3/3)')).toBeInTheDocument()
    expect(within(first).getByText('active')).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: t.createUserAndFleet })).toBeEnabled()
    expect(within(first).getByRole('button', { name: t.createFleetOnly })).toBeEnabled()

    const completed = await row(done.legal_name)
    expect(within(completed).getByText(t.badgeCompleted)).toBeInTheDocument()
    expect(within(completed).getByText(t.noSubscription)).toBeInTheDocument()
    expect(within(completed).getByRole('button', { name: t.createUserAndFleet })).toBeDisabled()
    expect(within(completed).getByRole('button', { name: t.createFleetOnly })).toBeDisabled()

    const quiet = await row(noEmail.legal_name)
    expect(within(quiet).getByText('In Progress (1/3)')).toBeInTheDocument()
    expect(within(quiet).getByRole('button', { name: t.createUserAndFleet })).toBeDisabled()
    expect(within(quiet).getByRole('button', { name: t.createFleetOnly })).toBeEnabled()
  })

  it('asks for confirmation, then creates the fleet account', async () => {
    const fetchMock = stubFetch({
      'POST /api/admin/signups/s-1/fleet': {
        status: 201,
        body: { fleet_account_id: 'fa-1', account_id: 'acc-1', user_id: 'u-1' },
      },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <FleetSignupsTab />)

    await ui.click(within(await row(open.legal_name)).getByRole('button', { name: t.createUserAndFleet }))
    const dialog = await screen.findByRole('dialog', { name: t.confirmCreateUserAndFleetTitle })
    expect(dialog).toHaveTextContent('sam@blueridge.example')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
    await ui.click(within(dialog).getByRole('button', { name: t.createUserAndFleet }))

    expect(await screen.findByText(t.fleetAccountCreated)).toBeInTheDocument()
    expect(screen.getByText('Blue Ridge Freight LLC is now a fleet account.')).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ with_user: true })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it.each([
    [
      'fleet_exists',
      409,
      'Fleet Already Exists: A fleet with DOT number 1234567 already exists',
      t.fleetAlreadyExistsTitle,
      'A fleet with DOT number 1234567 already exists',
    ],
    [
      'user_exists',
      409,
      'A user with email sam@blueridge.example already exists.',
      t.userExistsTitle,
      'A user with email sam@blueridge.example already exists.',
    ],
    ['signup_completed', 409, 'This signup is already completed.', t.createFleetFailed, 'This signup is already completed.'],
  ])('reports %s in a destructive toast', async (code, status, message, title, description) => {
    stubFetch({ 'POST /api/admin/signups/s-1/fleet': { status, body: { error: { code, message } } } })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <FleetSignupsTab />)

    await ui.click(within(await row(open.legal_name)).getByRole('button', { name: t.createFleetOnly }))
    const dialog = await screen.findByRole('dialog', { name: t.confirmCreateFleetOnlyTitle })
    await ui.click(within(dialog).getByRole('button', { name: t.createFleetOnly }))

    const toastTitle = await screen.findByText(title)
    const toastEl = toastTitle.closest('[data-sonner-toast]')
    expect(toastEl).toHaveAttribute('data-type', 'error')
    expect(screen.getByText(description)).toBeInTheDocument()
    // The title is not repeated in the description ('Fleet Already Exists: Fleet Already Exists: …').
    expect(toastEl?.textContent?.split(title).length).toBe(2)
  })

  it('reports an existing fleet admin in an info toast', async () => {
    stubFetch({
      'POST /api/admin/signups/s-1/fleet': {
        status: 409,
        body: { error: { code: 'fleet_admin_exists', message: t.fleetAdminExists } },
      },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <FleetSignupsTab />)

    await ui.click(within(await row(open.legal_name)).getByRole('button', { name: t.createUserAndFleet }))
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.createUserAndFleet }))

    const info = await screen.findByText(t.fleetAdminExists)
    expect(info.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'info')
  })

  it('says so when nothing matches the search', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/signups': { status: 200, body: { items: [], total: 0, page: 1, per_page: 25 } },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <FleetSignupsTab />)

    expect(await screen.findByText(t.noSignups)).toBeInTheDocument()
    await ui.type(screen.getByRole('searchbox', { name: t.signupsSearch }), 'zzz')
    expect(await screen.findByText(t.noResults)).toBeInTheDocument()
    // The text can render a tick before the query's fetch fires, so wait for the request itself.
    const urls = () => fetchMock.mock.calls.map(([input]) => String(input))
    await waitFor(() => expect(urls().at(-1)).toBe('/api/admin/signups?q=zzz&page=1&per_page=25'))
    expect(urls()[0]).toBe('/api/admin/signups?q=&page=1&per_page=25')
    expect(urls()).toHaveLength(2) // debounced: one request for the whole word
  })
})
