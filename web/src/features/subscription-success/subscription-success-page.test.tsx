import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import type { SubscriptionCheck } from './api/subscription-api'
import SubscriptionSuccessPage from './subscription-success-page'

const s = texts.subscriptionSuccess
const anonymous = { status: 200, body: { user: null, csrf_token: 'csrf-anon' } }

function check(overrides: Partial<SubscriptionCheck>): SubscriptionCheck {
  return {
    status: 'paid',
    subscription_id: 'sub_1234567890abcdef',
    mode: 'subscription',
    email: 'owner@blueridge.example',
    account_exists: false,
    checkout_url: null,
    ...overrides,
  }
}

function stubFetch(routes: Parameters<typeof fakeFetch>[0]) {
  const fetchMock = vi.fn(fakeFetch({ 'GET /api/auth/session': anonymous, ...routes }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const page = (query = '?session_id=cs_test_1') =>
  renderAt(`/subscription-success${query}`, '/subscription-success', <SubscriptionSuccessPage />)

afterEach(() => {
  toast.dismiss() // sonner keeps toasts in a module-level store
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('subscription success page', () => {
  it('asks for a password when paid and no account exists', async () => {
    stubFetch({ 'POST /api/subscriptions/check': { status: 200, body: check({}) } })
    page()

    expect(screen.getByRole('heading', { name: s.thankYou })).toBeInTheDocument()
    expect(screen.getByText(s.verifying)).toBeInTheDocument()
    expect(await screen.findByText(s.paid)).toBeInTheDocument()
    expect(await screen.findByLabelText(s.password)).toBeInTheDocument()
    expect(screen.getByLabelText(s.confirmPassword)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: s.createAccount })).toBeInTheDocument()
    expect(screen.queryByText(s.applicationReceived)).not.toBeInTheDocument()
  })

  it('asks to sign in when paid and the account exists', async () => {
    stubFetch({
      'POST /api/subscriptions/check': { status: 200, body: check({ account_exists: true }) },
    })
    page()

    expect(await screen.findByText(s.pleaseSignIn)).toBeInTheDocument()
    expect(screen.getByText(s.applicationReceived)).toBeInTheDocument()
    expect(screen.queryByLabelText(s.password)).not.toBeInTheDocument()
    expect(screen.getByText('sub_123456')).toBeInTheDocument()
    expect(screen.getByText(s.monthlyRecurring)).toBeInTheDocument()
  })

  it('says the payment is not complete, with the status toast and a way back to checkout', async () => {
    stubFetch({
      'POST /api/subscriptions/check': {
        status: 200,
        body: check({
          status: 'open',
          subscription_id: null,
          email: null,
          checkout_url: 'https://checkout.example/cs_test_1',
        }),
      },
    })
    page()

    expect(await screen.findByText('Subscription status: open')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: s.paymentIncomplete })).toBeInTheDocument()
    expect(screen.queryByText(s.applicationReceived)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: s.returnToCheckout })).toHaveAttribute(
      'href',
      'https://checkout.example/cs_test_1',
    )
    expect(screen.queryByLabelText(s.password)).not.toBeInTheDocument()
    expect(screen.queryByText(s.paid)).not.toBeInTheDocument()
  })

  it('offers a new signup when the checkout can no longer be paid', async () => {
    stubFetch({
      'POST /api/subscriptions/check': {
        status: 200,
        body: check({ status: 'expired', subscription_id: null, email: null }),
      },
    })
    page()

    expect(await screen.findByText('Subscription status: expired')).toBeInTheDocument()
    expect(screen.queryByText(s.applicationReceived)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: s.startNewSignup })).toHaveAttribute('href', '/fleet-signup')
  })

  it('says so when the link has no session id', async () => {
    const fetchMock = stubFetch({})
    page('')

    expect(await screen.findByText(s.noSession)).toBeInTheDocument()
    expect(screen.getByText(s.applicationReceived)).toBeInTheDocument()
    expect(screen.queryByText(s.subscriptionDetails)).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalledWith('/api/subscriptions/check', expect.anything())
  })

  it('reports a failed verification', async () => {
    stubFetch({
      'POST /api/subscriptions/check': {
        status: 404,
        body: { error: { code: 'session_not_found', message: s.sessionNotFound } },
      },
    })
    page()
    expect(await screen.findByText(s.verifyFailed)).toBeInTheDocument()
  })

  it('checks the password rule, creates the account and sends the payer to the e-mailed link', async () => {
    const fetchMock = stubFetch({
      'POST /api/subscriptions/check': { status: 200, body: check({}) },
      'POST /api/subscriptions/account': {
        status: 201,
        body: { email: 'owner@blueridge.example' },
      },
    })
    const user = userEvent.setup()
    page()

    await user.type(await screen.findByLabelText(s.password), 'abcd1234')
    await user.type(screen.getByLabelText(s.confirmPassword), 'abcd1234')
    await user.click(screen.getByRole('button', { name: s.createAccount }))
    expect(await screen.findByText(s.passwordUpper)).toBeInTheDocument()

    await user.clear(screen.getByLabelText(s.password))
    await user.type(screen.getByLabelText(s.password), 'Abcd1234')
    await user.click(screen.getByRole('button', { name: s.createAccount }))
    expect(await screen.findByText(s.passwordsDontMatch)).toBeInTheDocument()

    await user.clear(screen.getByLabelText(s.confirmPassword))
    await user.type(screen.getByLabelText(s.confirmPassword), 'Abcd1234')
    await user.click(screen.getByRole('button', { name: s.createAccount }))

    expect(await screen.findByText(s.accountCreated)).toBeInTheDocument()
    expect(screen.getByText(s.applicationReceived)).toBeInTheDocument()
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/subscriptions/account')!
    expect(JSON.parse(String(init?.body))).toEqual({ session_id: 'cs_test_1', password: 'Abcd1234' })
    // Nobody is signed in by this page: the account waits for the e-mailed link.
    expect(screen.getByRole('heading', { name: s.confirmEmailTitle })).toBeInTheDocument()
    expect(screen.getByText(/We sent a confirmation link to owner@blueridge\.example/)).toBeInTheDocument()
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument()
  })

  it('goes to the pending-approval page 2 seconds after the account is created, with one action meanwhile', async () => {
    stubFetch({
      'POST /api/subscriptions/check': { status: 200, body: check({}) },
      'POST /api/subscriptions/account': { status: 201, body: { email: 'owner@blueridge.example' } },
    })
    const user = userEvent.setup()
    page()

    await user.type(await screen.findByLabelText(s.password), 'Abcd1234')
    await user.type(screen.getByLabelText(s.confirmPassword), 'Abcd1234')
    await user.click(screen.getByRole('button', { name: s.createAccount }))
    expect(await screen.findByText(s.accountCreated)).toBeInTheDocument()
    const created = Date.now()

    // One clear action: 'Check Status' (spec), no competing 'Sign In'.
    expect(screen.getByRole('button', { name: s.checkStatus })).toBeInTheDocument()
    const notice = screen.getByRole('region', { name: s.confirmEmailTitle })
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument()
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument()

    expect(await screen.findByText('elsewhere', undefined, { timeout: 4000 })).toBeInTheDocument()
    expect(Date.now() - created).toBeGreaterThanOrEqual(1900)
  })

  it("shows the status as a word, not Stripe's raw value", async () => {
    stubFetch({
      'POST /api/subscriptions/check': { status: 200, body: check({ account_exists: true }) },
    })
    page()

    expect(await screen.findByText(s.applicationReceived)).toBeInTheDocument()
    expect(screen.getByText(texts.billing.paid)).toBeInTheDocument()
    expect(screen.queryByText('paid')).not.toBeInTheDocument()
  })
})
