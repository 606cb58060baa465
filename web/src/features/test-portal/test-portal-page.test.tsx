import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import type { TestPortalView } from './api/test-portal-api'
import TestPortalPage from './test-portal-page'
import TestReceiptPage from './test-receipt-page'

const p = texts.testPortal
const JAN_5_2025 = 1736078400

const payment = {
  id: 'ch_1',
  amount_cents: 9900,
  amount_refunded_cents: 0,
  currency: 'usd',
  status: 'succeeded',
  created: JAN_5_2025,
  description: 'Fleet Pro',
  card_brand: 'visa',
  card_last4: '4242',
  receipt_url: '/test-portal/receipts/ch_1',
}

const view: TestPortalView = {
  id: 'bps_1',
  customer: 'cus_test_1',
  return_url: 'http://localhost/fleet-dashboard/billing',
  subscription: {
    id: 'sub_1',
    plan_name: 'Fleet Pro',
    amount_cents: 9900,
    currency: 'usd',
    status: 'active',
    current_period_end: JAN_5_2025,
    cancel_at_period_end: false,
    card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
  },
  payments: [payment],
}

function stub(routes: Parameters<typeof fakeFetch>[0]) {
  const fetchMock = vi.fn(
    fakeFetch({
      'GET /api/auth/session': { status: 200, body: { user: null, csrf_token: 'csrf' } },
      'GET /api/test-portal/bps_1': { status: 200, body: view },
      ...routes,
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const renderPortal = (id = 'bps_1') => renderAt(`/test-portal/${id}`, '/test-portal/:portalId', <TestPortalPage />)

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('test portal page', () => {
  it('shows the subscription, card and payments, and runs an action', async () => {
    const failed = { ...view, subscription: { ...view.subscription!, status: 'past_due' } }
    const fetchMock = stub({ 'POST /api/test-portal/bps_1/actions': { status: 200, body: failed } })
    const user = userEvent.setup()
    renderPortal()

    expect(await screen.findByTestId('portal-status')).toHaveTextContent(texts.billing.statusLabels.active)
    expect(screen.getByText(p.notice)).toBeInTheDocument()
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument()
    expect(screen.getByTestId('portal-card')).toHaveTextContent('visa •••• 4242 · 04/2030')
    expect(screen.getByRole('link', { name: texts.billing.receipt })).toHaveAttribute('href', '/test-portal/receipts/ch_1')
    expect(screen.getByRole('link', { name: p.back })).toHaveAttribute('href', view.return_url)
    expect(screen.getByLabelText(p.newCard)).toHaveValue('4242 4242 4242 4242')

    await user.click(screen.getByRole('button', { name: p.actions.renewal_fails }))
    expect(await screen.findByText(p.done.split(': ')[1])).toBeInTheDocument()
    expect(screen.getByTestId('portal-status')).toHaveTextContent(texts.billing.statusLabels.pastDue)
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ action: 'renewal_fails' })
  })

  it("shows a refused card under the card field", async () => {
    const message = 'Use one of Stripe test cards.'
    const fetchMock = stub({
      'POST /api/test-portal/bps_1/actions': {
        status: 422,
        body: { error: { code: 'invalid', message, fields: { card_number: message } } },
      },
    })
    const user = userEvent.setup()
    renderPortal()
    const field = await screen.findByLabelText(p.newCard)
    await user.clear(field)
    await user.type(field, '1234')
    await user.click(screen.getByRole('button', { name: p.actions.update_card }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ action: 'update_card', card_number: '1234' })
  })

  it('says so for an unknown session', async () => {
    stub({})
    renderPortal('nope')
    expect(await screen.findByText(p.notFound)).toBeInTheDocument()
  })
})

describe('test receipt page', () => {
  it('shows the amount, date, description, card and status', async () => {
    stub({ 'GET /api/test-portal/receipts/ch_1': { status: 200, body: payment } })
    renderAt('/test-portal/receipts/ch_1', '/test-portal/receipts/:paymentId', <TestReceiptPage />)
    const list = (await screen.findByText('Jan 5, 2025')).closest('dl') as HTMLElement
    expect(within(list).getByText('Fleet Pro')).toBeInTheDocument()
    expect(within(list).getByText('visa •••• 4242')).toBeInTheDocument()
    expect(within(list).getByText(texts.billing.paid)).toBeInTheDocument()
    expect(screen.getAllByText('$99')).toHaveLength(2)
  })

  it('says so for an unknown receipt', async () => {
    stub({})
    renderAt('/test-portal/receipts/nope', '/test-portal/receipts/:paymentId', <TestReceiptPage />)
    expect(await screen.findByText(p.receiptNotFound)).toBeInTheDocument()
  })
})
