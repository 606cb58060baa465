import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import { BillingPage } from './billing-page'
import { billingOverview, payment } from './billing-test-fixtures'

const b = texts.billing

function stub(routes: Parameters<typeof fakeFetch>[0]) {
  const fetchMock = vi.fn(fakeFetch(routes))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const render = () => renderAt('/fleet-dashboard/billing', '/fleet-dashboard/billing', <BillingPage />)

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('billing page', () => {
  it('shows the plan, its status, the card and the three latest payments', async () => {
    stub({ 'GET /api/fleet/billing': { status: 200, body: billingOverview() } })
    const user = userEvent.setup()
    render()

    expect(screen.getByRole('heading', { name: b.title })).toBeInTheDocument()
    const plan = await screen.findByTestId('current-plan')
    expect(within(plan).getByText('Fleet Pro')).toBeInTheDocument()
    expect(within(plan).getByText('$99/month')).toBeInTheDocument()
    const badge = within(plan).getByText(b.statusLabels.active)
    expect(badge).toHaveAttribute('data-tone', 'success')
    expect(badge.className).toContain('green')
    expect(within(plan).getByText('Jan 5, 2025')).toBeInTheDocument()
    expect(within(plan).getByText('sub_demo12…')).toBeInTheDocument()
    expect(within(plan).queryByText(b.cancelsAtPeriodEnd)).not.toBeInTheDocument()
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument()
    expect(screen.getByText('Expires 04/2030')).toBeInTheDocument()
    expect(within(screen.getByTestId('recent-payments')).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.queryByText(b.standIn)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: b.viewAllHistory }))
    expect(screen.getByRole('tab', { name: b.tabs.history })).toHaveAttribute('aria-selected', 'true')
    const rows = screen.getAllByTestId('payment-row')
    expect(rows).toHaveLength(6)
    expect(within(rows[0]).getByText(b.paid)).toHaveAttribute('data-tone', 'success')
    expect(within(rows[0]).getByRole('link', { name: b.receipt })).toHaveAttribute('target', '_blank')
    expect(within(rows[0]).getByRole('link', { name: b.receipt })).toHaveAttribute('href', '/test-portal/receipts/ch_0')
  })

  it('shows past due in amber, a cancellation, other payment statuses and no link for three payments', async () => {
    const overview = billingOverview({
      payments: [payment(0, { status: 'failed', receipt_url: null }), payment(1, { description: '' }), payment(2)],
      stand_in: true,
      refreshing: true,
    })
    overview.subscription = { ...overview.subscription!, status: 'past_due', cancel_at_period_end: true, card: null }
    stub({ 'GET /api/fleet/billing': { status: 200, body: overview } })
    const user = userEvent.setup()
    render()

    const plan = await screen.findByTestId('current-plan')
    expect(within(plan).getByText(b.statusLabels.pastDue)).toHaveAttribute('data-tone', 'warning')
    expect(within(plan).getByText(b.cancelsAtPeriodEnd)).toBeInTheDocument()
    expect(screen.getByText(b.noCard)).toBeInTheDocument()
    expect(screen.getByText(b.standIn)).toBeInTheDocument()
    expect(screen.getByText(b.refreshing)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: b.viewAllHistory })).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: b.tabs.history }))
    const rows = screen.getAllByTestId('payment-row')
    expect(within(rows[0]).getByText('failed')).toHaveAttribute('data-tone', 'warning')
    expect(within(rows[0]).queryByRole('link')).not.toBeInTheDocument()
    expect(within(rows[1]).getByText(b.defaultDescription)).toBeInTheDocument()
  })

  it('says so when there is no subscription and no payment', async () => {
    stub({ 'GET /api/fleet/billing': { status: 200, body: billingOverview({ subscription: null, payments: [] }) } })
    render()
    expect(await screen.findByText(b.emptyState)).toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
  })

  it('offers a retry when Stripe cannot be read', async () => {
    const failing = { status: 502, body: { error: { code: 'billing_unavailable', message: b.billingUnavailable } } }
    stub({ 'GET /api/fleet/billing': failing })
    const user = userEvent.setup()
    render()
    expect(await screen.findByText(b.loadFailed)).toBeInTheDocument()

    stub({ 'GET /api/fleet/billing': { status: 200, body: billingOverview() } })
    await user.click(screen.getByRole('button', { name: b.retry }))
    expect(await screen.findByTestId('current-plan')).toBeInTheDocument()
  })
})

describe('Manage Payment Methods', () => {
  function fakeTab() {
    return { opener: {}, location: { href: '' }, close: vi.fn() }
  }

  it('opens a blank tab on the click and sends it to the portal', async () => {
    const tab = fakeTab()
    const open = vi.fn(() => tab)
    vi.stubGlobal('open', open)
    stub({
      'GET /api/fleet/billing': { status: 200, body: billingOverview() },
      'POST /api/fleet/billing/portal': { status: 200, body: { url: 'http://localhost/test-portal/bps_1' } },
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: b.managePaymentMethods }))
    expect(open).toHaveBeenCalledWith('', '_blank')
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/test-portal/bps_1'))
    expect(tab.opener).toBeNull()
    expect(tab.close).not.toHaveBeenCalled()
  })

  it('closes the tab and says why when the portal fails', async () => {
    const tab = fakeTab()
    vi.stubGlobal('open', vi.fn(() => tab))
    stub({
      'GET /api/fleet/billing': { status: 200, body: billingOverview() },
      'POST /api/fleet/billing/portal': {
        status: 502,
        body: { error: { code: 'portal_failed', message: b.billingUnavailable } },
      },
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: b.managePaymentMethods }))
    expect(await screen.findByText(b.portalFailed)).toBeInTheDocument()
    expect(screen.getByText(b.billingUnavailable)).toBeInTheDocument()
    expect(tab.close).toHaveBeenCalled()
  })

  it('says so when the server returns no url', async () => {
    const tab = fakeTab()
    vi.stubGlobal('open', vi.fn(() => tab))
    stub({
      'GET /api/fleet/billing': { status: 200, body: billingOverview() },
      'POST /api/fleet/billing/portal': { status: 200, body: { url: '' } },
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: b.managePaymentMethods }))
    expect(await screen.findByText(b.noPortalUrl)).toBeInTheDocument()
    expect(tab.close).toHaveBeenCalled()
  })
})
