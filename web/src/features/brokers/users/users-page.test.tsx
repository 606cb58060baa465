import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { format } from '@/lib/texts'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { brokerUser } from '../broker-test-fixtures'
import UsersPage from './users-page'

const u = texts.brokers.users
const USERS = '/api/broker/users'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () => renderAt('/broker/users', '/broker/users', <UsersPage />)

const admin = brokerUser()
const pending = brokerUser({ id: 'bu-2', email: 'sam@lakeside.example', first_name: null, last_name: null, role: 'broker_user', invite_pending: true })
const gone = brokerUser({ id: 'bu-3', email: 'lee@lakeside.example', first_name: 'Lee', last_name: null, role: 'broker_user', is_active: false })

const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement

describe('broker users', () => {
  it("lists the account's users with their role and status", async () => {
    stubFetch({ [`GET ${USERS}`]: { status: 200, body: { users: [admin, pending, gone] } } })
    render()

    await screen.findByText(admin.email)
    const first = within(rowOf(admin.email))
    expect(first.getByText('Pat Lee')).toBeInTheDocument()
    expect(first.getByRole('combobox', { name: `Role for ${admin.email}` })).toHaveDisplayValue(texts.brokers.roles.broker_admin)
    expect(first.getByText('Active')).toBeInTheDocument()
    expect(first.getByRole('button', { name: u.deactivate })).toBeInTheDocument()
    expect(first.queryByRole('button', { name: u.resend })).not.toBeInTheDocument()

    const second = within(rowOf(pending.email))
    expect(second.getByText(u.pending)).toBeInTheDocument()
    expect(second.getByRole('button', { name: u.resend })).toBeInTheDocument()

    const third = within(rowOf(gone.email))
    expect(third.getByText(u.deactivated)).toBeInTheDocument()
    expect(third.getByRole('button', { name: u.reactivate })).toBeInTheDocument()
    expect(third.queryByRole('button', { name: u.deactivate })).not.toBeInTheDocument()
  })

  it('invites a user, and shows a refusal of the server as a toast', async () => {
    let refused = false
    const fetchMock = stubFetch({
      [`GET ${USERS}`]: { status: 200, body: { users: [admin] } },
      [`POST ${USERS}`]: () =>
        refused
          ? { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests. Please try again later.' } } }
          : { status: 202, body: { email: 'kim@lakeside.example', message: 'Invitation sent to kim@lakeside.example' } },
    })
    const ui = userEvent.setup()
    render()
    await screen.findByText(admin.email)

    await ui.click(screen.getByRole('button', { name: u.invite }))
    let dialog = await screen.findByRole('dialog', { name: u.invite })
    await ui.click(within(dialog).getByRole('button', { name: u.invite }))
    expect(await within(dialog).findByText(texts.auth.emailInvalid)).toBeInTheDocument()

    await ui.type(within(dialog).getByLabelText('E-mail'), 'kim@lakeside.example')
    await ui.type(within(dialog).getByLabelText('First name'), 'Kim')
    expect(within(dialog).getByLabelText('Role')).toHaveDisplayValue(texts.brokers.roles.broker_user)
    await ui.click(within(dialog).getByRole('button', { name: u.invite }))
    expect(await screen.findByText(format(u.invited, { email: 'kim@lakeside.example' }))).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: 'kim@lakeside.example',
      first_name: 'Kim',
      last_name: null,
      role: 'broker_user',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    refused = true
    await ui.click(screen.getByRole('button', { name: u.invite }))
    dialog = await screen.findByRole('dialog', { name: u.invite })
    await ui.type(within(dialog).getByLabelText('E-mail'), 'kim@lakeside.example')
    await ui.click(within(dialog).getByRole('button', { name: u.invite }))
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: u.invite })).toBeInTheDocument()
  })

  it('changes a role, and shows the last-admin refusal', async () => {
    let refuse = false
    const fetchMock = stubFetch({
      [`GET ${USERS}`]: { status: 200, body: { users: [admin, pending] } },
      [`PATCH ${USERS}/bu-2`]: { status: 200, body: { ...pending, role: 'broker_admin' } },
      [`PATCH ${USERS}/bu-1`]: () =>
        refuse ? { status: 409, body: { error: { code: 'brokers.users.lastAdmin', message: u.lastAdmin } } } : undefined,
    })
    const ui = userEvent.setup()
    render()
    await screen.findByText(admin.email)

    await ui.selectOptions(within(rowOf(pending.email)).getByRole('combobox'), texts.brokers.roles.broker_admin)
    expect(await screen.findByText(u.roleChanged)).toBeInTheDocument()
    const patch = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/bu-2'))
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ role: 'broker_admin' })

    refuse = true
    const own = within(rowOf(admin.email)).getByRole('combobox')
    await ui.selectOptions(own, texts.brokers.roles.broker_user)
    expect(await screen.findByText(u.lastAdmin)).toBeInTheDocument()
    await waitFor(() => expect(own).toHaveDisplayValue(texts.brokers.roles.broker_admin))
  })

  it('deactivates after confirmation, reactivates and resends an invite', async () => {
    const fetchMock = stubFetch({
      [`GET ${USERS}`]: { status: 200, body: { users: [pending, gone] } },
      [`PATCH ${USERS}/bu-2`]: { status: 200, body: { ...pending, is_active: false } },
      [`PATCH ${USERS}/bu-3`]: { status: 200, body: { ...gone, is_active: true } },
      [`POST ${USERS}/bu-2/resend-invite`]: { status: 202 },
    })
    const ui = userEvent.setup()
    render()
    await screen.findByText(pending.email)

    await ui.click(within(rowOf(pending.email)).getByRole('button', { name: u.resend }))
    expect(await screen.findByText(format(u.invited, { email: pending.email }))).toBeInTheDocument()

    await ui.click(within(rowOf(pending.email)).getByRole('button', { name: u.deactivate }))
    const confirm = await screen.findByRole('alertdialog', { name: format(u.deactivateConfirm, { email: pending.email }) })
    await ui.click(within(confirm).getByRole('button', { name: u.deactivate }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())

    await ui.click(within(rowOf(gone.email)).getByRole('button', { name: u.reactivate }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
        { is_active: false },
        { is_active: true },
      ]),
    )
  })
})
