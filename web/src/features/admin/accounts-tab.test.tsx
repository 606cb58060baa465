import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { components } from '@/lib/api-types'
import { format } from '@/lib/texts'
import { fakeFetch, renderAt } from '@/test/render'
import { AccountsTab } from './accounts-tab'

type AccountItem = components['schemas']['AccountItem']
type UserItem = components['schemas']['UserItem']

const t = texts.admin

const fleetAccount: AccountItem = {
  id: 'acc-1',
  name: 'Blue Ridge Freight LLC',
  type: 'fleet',
  is_active: true,
  created_at: '2026-01-05T10:00:00Z',
  billing: null,
  mc_number: null,
  fleet_account: {
    id: 'fa-1',
    legal_name: 'Blue Ridge Freight LLC',
    dot_number: '1234567',
    power_units: 12,
    status: 'pending',
    owner_id: null,
    owner_email: null,
  },
}
const brokerAccount: AccountItem = {
  id: 'acc-2',
  name: 'Acme Brokers',
  type: 'broker',
  is_active: true,
  created_at: '2026-01-04T10:00:00Z',
  billing: null,
  mc_number: null,
  fleet_account: null,
}
const billing = (status: string | null, readOnly = false): AccountItem['billing'] => ({
  status,
  past_due_since: '2026-01-05T12:00:00Z',
  read_only_from: '2026-01-12T12:00:00Z',
  read_only: readOnly,
})
/** Fleets in each billing state, for the Billing column. */
function fleetWith(id: string, name: string, state: AccountItem['billing']): AccountItem {
  return {
    ...fleetAccount,
    id,
    name,
    billing: state,
    fleet_account: { ...fleetAccount.fleet_account!, id: `fa-${id}`, legal_name: name },
  }
}
const sam: UserItem = {
  id: 'u-1',
  email: 'sam@blueridge.example',
  first_name: 'Sam',
  last_name: null,
  role: 'fleet_driver',
  account_id: null,
  account_name: null,
  email_confirmed: true,
  created_at: '2026-01-05T10:00:00Z',
}

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('accounts tab', () => {
  it('assigns an owner to a fleet account', async () => {
    const fetchMock = vi.fn(
      fakeFetch({
        'GET /api/admin/accounts': { status: 200, body: { items: [fleetAccount, brokerAccount], total: 2, page: 1, per_page: 25 } },
        'GET /api/admin/users': { status: 200, body: { items: [sam], total: 1, page: 1, per_page: 25 } },
        'PUT /api/admin/fleet-accounts/fa-1/owner': {
          status: 200,
          body: { ...fleetAccount.fleet_account, status: 'active', owner_email: sam.email },
        },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <AccountsTab />)

    const broker = (await screen.findByText('Acme Brokers')).closest('tr') as HTMLElement
    expect(within(broker).getByText(t.notAFleet)).toBeInTheDocument()
    expect(within(broker).queryByRole('button', { name: t.assignOwner })).not.toBeInTheDocument()

    const fleet = screen.getAllByText('Blue Ridge Freight LLC')[0].closest('tr') as HTMLElement
    expect(within(fleet).getByText(t.noOwner)).toBeInTheDocument()
    await ui.click(within(fleet).getByRole('button', { name: t.assignOwner }))

    const dialog = await screen.findByRole('dialog', { name: t.assignOwnerTitle })
    expect(within(dialog).getByLabelText(t.user)).toBeInTheDocument()
    await ui.click(within(dialog).getByRole('button', { name: t.assign }))
    expect(await within(dialog).findByText(t.userRequired)).toBeInTheDocument()

    await ui.click(await within(dialog).findByRole('radio', { name: /sam@blueridge\.example/ }))
    await ui.click(within(dialog).getByRole('button', { name: t.assign }))

    expect(await screen.findByText(t.fleetAssigned)).toBeInTheDocument()
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ user_id: 'u-1' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('creates a broker account and lists brokers with their MC number', async () => {
    const b = texts.brokers.admin
    const created = { ...brokerAccount, id: 'acc-3', name: 'Lakeside Logistics', mc_number: '654321' }
    const fetchMock = vi.fn(
      fakeFetch({
        'GET /api/admin/accounts': {
          status: 200,
          body: { items: [{ ...brokerAccount, mc_number: '123456' }], total: 1, page: 1, per_page: 25 },
        },
        'POST /api/admin/broker-accounts': {
          status: 201,
          body: { account: created, admin: { ...sam, id: 'u-9', email: 'pat@lakeside.example', role: 'broker_admin' } },
        },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <AccountsTab />)

    const broker = (await screen.findByText('Acme Brokers')).closest('tr') as HTMLElement
    // In the DOT column as 'MC 123456' (issue 29 point 27: it sat under 'Legal Name').
    expect(within(broker).getByText('MC 123456')).toBeInTheDocument()
    expect(within(broker).getByText(texts.admin.notAFleet)).toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: b.create }))
    const dialog = await screen.findByRole('dialog', { name: b.create })
    await ui.click(within(dialog).getByRole('button', { name: b.create }))
    expect(await within(dialog).findByText(b.nameRequired)).toBeInTheDocument()
    expect(within(dialog).getByText(texts.auth.emailInvalid)).toBeInTheDocument()

    await ui.type(within(dialog).getByLabelText(b.name), 'Lakeside Logistics')
    await ui.type(within(dialog).getByLabelText(b.mcNumber), '12345678901')
    await ui.type(within(dialog).getByLabelText(b.adminEmail), 'pat@lakeside.example')
    await ui.click(within(dialog).getByRole('button', { name: b.create }))
    expect(await within(dialog).findByText(b.mcInvalid)).toBeInTheDocument()

    await ui.clear(within(dialog).getByLabelText(b.mcNumber))
    await ui.type(within(dialog).getByLabelText(b.mcNumber), 'MC-654321')
    await ui.type(within(dialog).getByLabelText(t.firstName), 'Pat')
    await ui.click(within(dialog).getByRole('button', { name: b.create }))

    expect(await screen.findByText(format(b.created, { email: 'pat@lakeside.example' }))).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Lakeside Logistics',
      mc_number: '654321',
      admin_email: 'pat@lakeside.example',
      admin_first_name: 'Pat',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows a refusal of the server as a toast', async () => {
    const b = texts.brokers.admin
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'GET /api/admin/accounts': { status: 200, body: { items: [], total: 0, page: 1, per_page: 25 } },
          'POST /api/admin/broker-accounts': {
            status: 409,
            body: { error: { code: 'brokers.users.exists', message: 'A user with email pat@lakeside.example already exists.' } },
          },
        }),
      ),
    )
    const ui = userEvent.setup()
    renderAt('/dashboard', '/dashboard', <AccountsTab />)
    await ui.click(await screen.findByRole('button', { name: b.create }))
    const dialog = await screen.findByRole('dialog', { name: b.create })
    await ui.type(within(dialog).getByLabelText(b.name), 'Lakeside Logistics')
    await ui.type(within(dialog).getByLabelText(b.adminEmail), 'pat@lakeside.example')
    await ui.click(within(dialog).getByRole('button', { name: b.create }))
    expect(await screen.findByText('A user with email pat@lakeside.example already exists.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: b.create })).toBeInTheDocument()
  })

  it("shows each fleet's billing state in its colour", async () => {
    const accounts = [
      fleetWith('a', 'Active Fleet', billing('active')),
      fleetWith('b', 'Late Fleet', billing('past_due')),
      fleetWith('c', 'Unpaid Fleet', billing('unpaid')),
      fleetWith('d', 'Locked Fleet', billing('past_due', true)),
      fleetWith('e', 'Gone Fleet', billing('canceled')),
      fleetWith('f', 'New Fleet', null),
    ]
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ 'GET /api/admin/accounts': { status: 200, body: { items: accounts, total: 6, page: 1, per_page: 25 } } })),
    )
    renderAt('/dashboard', '/dashboard', <AccountsTab />)
    expect(await screen.findByRole('columnheader', { name: t.columns.billing })).toBeInTheDocument()
    const badge = (name: string, text: string) =>
      within(screen.getAllByText(name)[0].closest('tr') as HTMLElement).getByText(text)
    const s = texts.billing.adminStates
    expect(badge('Active Fleet', s.active)).toHaveAttribute('data-tone', 'success')
    expect(badge('Late Fleet', 'Past due since Jan 5, 2026')).toHaveAttribute('data-tone', 'warning')
    expect(badge('Unpaid Fleet', 'Past due since Jan 5, 2026')).toHaveAttribute('data-tone', 'warning')
    expect(badge('Locked Fleet', 'Read-only since Jan 5, 2026')).toHaveAttribute('data-tone', 'destructive')
    expect(badge('Gone Fleet', 'Canceled')).toHaveAttribute('data-tone', 'destructive')
    expect(badge('New Fleet', s.none)).toHaveAttribute('data-tone', 'none')
  })
})
