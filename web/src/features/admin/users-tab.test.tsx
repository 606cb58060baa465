import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { components } from '@/lib/api-types'
import type { ListData } from '@/lib/paging'
import { fakeFetch, renderAt } from '@/test/render'
import { UsersTab } from './users-tab'

type FleetAccountItem = components['schemas']['FleetAccountItem']
type UserItem = components['schemas']['UserItem']

const t = texts.admin

function user(overrides: Partial<UserItem>): UserItem {
  return {
    id: 'u-1',
    email: 'driver@example.com',
    first_name: 'Dana',
    last_name: 'Driver',
    role: 'fleet_driver',
    account_id: null,
    account_name: null,
    email_confirmed: true,
    created_at: '2026-01-05T10:00:00Z',
    ...overrides,
  }
}

function page<T>(items: T[]): ListData<T> {
  return { items, total: items.length, page: 1, per_page: 25 }
}

const admin = user({ id: 'u-admin', email: 'admin@longhaul.example', role: 'super_admin', first_name: 'Ada' })
const driver = user({})
const fleet: FleetAccountItem = {
  id: 'fa-1',
  legal_name: 'Blue Ridge Freight LLC',
  dot_number: '1234567',
  power_units: 12,
  status: 'active',
  owner_id: null,
  owner_email: null,
}

function stubFetch(routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetchMock = vi.fn(
    fakeFetch({
      'GET /api/auth/session': {
        status: 200,
        body: {
          csrf_token: 'csrf-1',
          user: { id: admin.id, email: admin.email, first_name: 'Ada', last_name: null, role: 'super_admin', account_id: null },
        },
      },
      'GET /api/admin/users': { status: 200, body: page([admin, driver]) },
      'GET /api/admin/fleet-accounts': { status: 200, body: page([fleet]) },
      ...routes,
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON bodies sent as `METHOD path`. */
function sent(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).split('?')[0] === path)
    .map(([, init]) => JSON.parse(String(init?.body)))
}

const roleSelect = (email: string) => screen.findByRole('combobox', { name: `Role for ${email}` })

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('users tab', () => {
  it('lists users and disables the role selector on the signed-in admin’s own row', async () => {
    stubFetch()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    expect(await screen.findByText(driver.email)).toBeInTheDocument()
    expect(screen.getByText('Dana Driver')).toBeInTheDocument()
    await waitFor(async () => expect(await roleSelect(admin.email)).toBeDisabled())
    expect(await roleSelect(driver.email)).toBeEnabled()
    expect(await roleSelect(driver.email)).toHaveValue('fleet_driver')
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument()
  })

  it('enables Create User only once a password is entered, then creates the user', async () => {
    const fetchMock = stubFetch({ 'POST /api/admin/users': { status: 201, body: { id: 'u-new' } } })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.click(await screen.findByRole('button', { name: t.createUser }))
    const dialog = await screen.findByRole('dialog', { name: t.createUserTitle })
    const submit = within(dialog).getByRole('button', { name: t.createUser })
    expect(submit).toBeDisabled()
    expect(within(dialog).getByLabelText(t.role)).toHaveValue('fleet_driver')

    await ui.type(within(dialog).getByLabelText(t.email), 'new@example.com')
    expect(submit).toBeDisabled()
    await ui.type(within(dialog).getByLabelText(t.password), 's3cret')
    expect(submit).toBeEnabled()
    await ui.clear(within(dialog).getByLabelText(t.password))
    expect(submit).toBeDisabled()
    await ui.type(within(dialog).getByLabelText(t.password), 's3cret')
    await ui.type(within(dialog).getByLabelText(t.firstName), 'Nia')
    await ui.click(submit)

    expect(await screen.findByText(t.accountCreatedTitle)).toBeInTheDocument()
    expect(screen.getByText(t.accountCreatedDescription)).toBeInTheDocument()
    expect(sent(fetchMock, 'POST', '/api/admin/users')).toEqual([
      { email: 'new@example.com', password: 's3cret', first_name: 'Nia', last_name: null, role: 'fleet_driver' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('reports an existing user', async () => {
    stubFetch({
      'POST /api/admin/users': {
        status: 409,
        body: { error: { code: 'user_exists', message: 'A user with email dana@example.com already exists.' } },
      },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.click(await screen.findByRole('button', { name: t.createUser }))
    const dialog = await screen.findByRole('dialog')
    await ui.type(within(dialog).getByLabelText(t.email), 'dana@example.com')
    await ui.type(within(dialog).getByLabelText(t.password), 's3cret')
    await ui.click(within(dialog).getByRole('button', { name: t.createUser }))

    expect(await screen.findByText(t.userExistsTitle)).toBeInTheDocument()
    expect(screen.getByText('A user with email dana@example.com already exists.')).toBeInTheDocument()
  })

  it('changes any role but fleet_admin at once', async () => {
    const fetchMock = stubFetch({
      'PUT /api/admin/users/u-1/role': { status: 200, body: { ...driver, role: 'broker_user' } },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.selectOptions(await roleSelect(driver.email), t.roles.broker_user)

    expect(await screen.findByText(t.roleUpdated)).toBeInTheDocument()
    expect(sent(fetchMock, 'PUT', '/api/admin/users/u-1/role')).toEqual([{ role: 'broker_user' }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('sends null for No role', async () => {
    const fetchMock = stubFetch({
      'PUT /api/admin/users/u-1/role': { status: 200, body: { ...driver, role: null } },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.selectOptions(await roleSelect(driver.email), t.noRole)
    expect(await screen.findByText(t.roleUpdated)).toBeInTheDocument()
    expect(sent(fetchMock, 'PUT', '/api/admin/users/u-1/role')).toEqual([{ role: null }])
  })

  it('reports a failed role change', async () => {
    stubFetch({
      'PUT /api/admin/users/u-1/role': { status: 404, body: { error: { code: 'not_found', message: 'User not found' } } },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.selectOptions(await roleSelect(driver.email), t.roles.broker_admin)
    expect(await screen.findByText(t.updateRoleFailed)).toBeInTheDocument()
    expect(screen.getByText('User not found')).toBeInTheDocument()
  })

  it('opens the assign-fleet dialog for fleet_admin and assigns the chosen fleet', async () => {
    const fetchMock = stubFetch({
      'PUT /api/admin/users/u-1/role': {
        status: 200,
        body: { ...driver, role: 'fleet_admin', account_id: 'acc-1', account_name: fleet.legal_name },
      },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.selectOptions(await roleSelect(driver.email), t.roles.fleet_admin)
    const dialog = await screen.findByRole('dialog', { name: t.assignFleetTitle })
    expect(sent(fetchMock, 'PUT', '/api/admin/users/u-1/role')).toEqual([])

    // Required choice.
    await ui.click(within(dialog).getByRole('button', { name: t.assign }))
    expect(await within(dialog).findByText(t.fleetAccountRequired)).toBeInTheDocument()
    expect(sent(fetchMock, 'PUT', '/api/admin/users/u-1/role')).toEqual([])

    expect(within(dialog).getByLabelText(t.fleetAccount)).toHaveAttribute('type', 'search')
    const option = await within(dialog).findByRole('radio', { name: /Blue Ridge Freight LLC/ })
    expect(option.closest('label')).toHaveTextContent('DOT 1234567 · 12 power units · active')
    await ui.click(option)
    expect(within(dialog).queryByText(t.fleetAccountRequired)).not.toBeInTheDocument()
    await ui.click(within(dialog).getByRole('button', { name: t.assign }))

    expect(await screen.findByText(t.fleetAssigned)).toBeInTheDocument()
    expect(sent(fetchMock, 'PUT', '/api/admin/users/u-1/role')).toEqual([
      { role: 'fleet_admin', fleet_account_id: 'fa-1' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('leaves the role unchanged when the assign-fleet dialog is cancelled', async () => {
    const fetchMock = stubFetch()
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    const select = await roleSelect(driver.email)
    await ui.selectOptions(select, t.roles.fleet_admin)
    const dialog = await screen.findByRole('dialog', { name: t.assignFleetTitle })
    await ui.click(within(dialog).getByRole('button', { name: t.cancel }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(select).toHaveValue('fleet_driver')
    expect(sent(fetchMock, 'PUT', '/api/admin/users/u-1/role')).toEqual([])
  })

  it('reports a failed assignment with its reason', async () => {
    stubFetch({
      'PUT /api/admin/users/u-1/role': {
        status: 422,
        body: { error: { code: 'validation', message: 'Fleet account not found', fields: {} } },
      },
    })
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    await ui.selectOptions(await roleSelect(driver.email), t.roles.fleet_admin)
    const dialog = await screen.findByRole('dialog', { name: t.assignFleetTitle })
    await ui.click(await within(dialog).findByRole('radio', { name: /Blue Ridge/ }))
    await ui.click(within(dialog).getByRole('button', { name: t.assign }))

    expect(
      await screen.findByText('Failed to assign user to fleet account: Fleet account not found'),
    ).toBeInTheDocument()
  })

  it('shows a load error with a retry button and a destructive toast', async () => {
    stubFetch({ 'GET /api/admin/users': { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } })
    renderAt('/dashboard', '/dashboard', <UsersTab />)

    expect(await screen.findByRole('button', { name: t.retry })).toBeInTheDocument()
    expect(screen.getAllByText(t.loadUsersFailed).length).toBeGreaterThanOrEqual(2)
  })
})
