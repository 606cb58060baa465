import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { format } from '@/lib/texts'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import BrokerInvitePage from './broker-invite-page'
import UnsubscribePage from './unsubscribe-page'

const s = texts.subscriptionSuccess
const inv = texts.brokers.invite
const saved = texts.board.saved
const INVITE = '/api/broker-invites/tok-1'
const UNSUBSCRIBE = '/api/saved-searches/unsubscribe/tok-9'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('broker invite', () => {
  const render = () => renderAt('/broker-invite/tok-1', '/broker-invite/:token', <BrokerInvitePage />)

  it('sets the password with the account rule and signs in', async () => {
    const fetchMock = stubFetch({
      [`GET ${INVITE}`]: { status: 200, body: { email: 'kim@lakeside.example', broker_name: 'Lakeside Logistics' } },
      [`POST ${INVITE}`]: { status: 200, body: { redirect_to: '/dashboard' } },
      'GET /api/auth/session': {
        status: 200,
        body: { user: { id: 'u', email: 'kim@lakeside.example', role: 'broker_user' }, csrf_token: 'c' },
      },
    })
    const ui = userEvent.setup()
    render()

    expect(await screen.findByText(format(inv.title, { broker: 'Lakeside Logistics' }))).toBeInTheDocument()
    expect(screen.getByText('kim@lakeside.example')).toBeInTheDocument()
    await ui.type(screen.getByLabelText(s.password), 'short')
    await ui.type(screen.getByLabelText(s.confirmPassword), 'short')
    await ui.click(screen.getByRole('button', { name: inv.accept }))
    expect(await screen.findByText(s.passwordMin)).toBeInTheDocument()

    await ui.clear(screen.getByLabelText(s.password))
    await ui.type(screen.getByLabelText(s.password), 'Freight2026')
    await ui.clear(screen.getByLabelText(s.confirmPassword))
    await ui.type(screen.getByLabelText(s.confirmPassword), 'Freight2027')
    await ui.click(screen.getByRole('button', { name: inv.accept }))
    expect(await screen.findByText(s.passwordsDontMatch)).toBeInTheDocument()

    await ui.clear(screen.getByLabelText(s.confirmPassword))
    await ui.type(screen.getByLabelText(s.confirmPassword), 'Freight2026')
    await ui.click(screen.getByRole('button', { name: inv.accept }))
    // The app's own not-found route stands in for /dashboard here.
    expect(await screen.findByText('elsewhere')).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ password: 'Freight2026' })
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/auth/session')).toBe(true)
  })

  it("shows the server's password message beside the field", async () => {
    stubFetch({
      [`GET ${INVITE}`]: { status: 200, body: { email: 'kim@lakeside.example', broker_name: 'Lakeside Logistics' } },
      [`POST ${INVITE}`]: {
        status: 422,
        body: { error: { code: 'invalid', message: 'Invalid', fields: { password: s.passwordNumber } } },
      },
    })
    const ui = userEvent.setup()
    render()
    await ui.type(await screen.findByLabelText(s.password), 'Freight2026')
    await ui.type(screen.getByLabelText(s.confirmPassword), 'Freight2026')
    await ui.click(screen.getByRole('button', { name: inv.accept }))
    expect(await screen.findByText(s.passwordNumber)).toBeInTheDocument()
  })

  it('says when the link is not valid', async () => {
    stubFetch({
      [`GET ${INVITE}`]: { status: 404, body: { error: { code: 'brokers.invite.invalid', message: inv.invalid } } },
    })
    render()
    expect(await screen.findByText(inv.invalid)).toBeInTheDocument()
    expect(screen.queryByLabelText(s.password)).not.toBeInTheDocument()
  })
})

describe('unsubscribe', () => {
  it('turns the alerts off once on opening, even in strict mode', async () => {
    const fetchMock = stubFetch({ [`POST ${UNSUBSCRIBE}`]: { status: 200, body: { name: 'Chicago vans', unsubscribed: true } } })
    renderAt(
      '/unsubscribe/tok-9',
      '/unsubscribe/:token',
      <StrictMode>
        <UnsubscribePage />
      </StrictMode>,
    )
    expect(await screen.findByText(format(saved.unsubscribed, { name: 'Chicago vans' }))).toBeInTheDocument()
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1))
  })

  it('says when the link is not valid', async () => {
    stubFetch({ [`POST ${UNSUBSCRIBE}`]: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } } })
    renderAt('/unsubscribe/tok-9', '/unsubscribe/:token', <UnsubscribePage />)
    expect(await screen.findByText(saved.unsubscribeNotFound)).toBeInTheDocument()
  })
})
