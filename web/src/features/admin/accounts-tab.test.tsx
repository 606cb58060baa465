import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { components } from '@/lib/api-types'
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
  fleet_account: null,
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
})
