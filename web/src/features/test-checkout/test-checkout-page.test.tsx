import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import TestCheckoutPage from './test-checkout-page'

const c = texts.testCheckout

const session = {
  id: 'cs_test_1',
  amount_cents: 9900,
  currency: 'usd',
  description: 'Longhaul 1-20 units plan — SOLO HAULING (DOT 1000007)',
  email: 'owner@solo.example',
  status: 'open',
  success_url: 'http://localhost/subscription-success?session_id=cs_test_1',
  cancel_url: 'http://localhost/fleet-signup?id=s1',
}

function stubFetch(routes: Parameters<typeof fakeFetch>[0]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'GET /api/auth/session': { status: 200, body: { user: null, csrf_token: 'csrf-anon' } },
        'GET /api/test-checkout/cs_test_1': { status: 200, body: session },
        ...routes,
      }),
    ),
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('test checkout page', () => {
  it('shows each field error once for an empty form', async () => {
    stubFetch({
      'POST /api/test-checkout/cs_test_1/pay': {
        status: 422,
        body: {
          error: {
            code: 'invalid',
            message: c.invalidCard,
            fields: { card_number: c.invalidCard, expiry: c.invalidExpiry, cvc: c.invalidCvc },
          },
        },
      },
    })
    const user = userEvent.setup()
    renderAt('/test-checkout/cs_test_1', '/test-checkout/:sessionId', <TestCheckoutPage />)

    await user.click(await screen.findByRole('button', { name: c.pay }))
    expect(await screen.findByText(c.invalidExpiry)).toBeInTheDocument()
    expect(screen.getAllByText(c.invalidCard)).toHaveLength(1)
    expect(screen.getAllByText(c.invalidCvc)).toHaveLength(1)
  })

  it('shows a declined card in the banner', async () => {
    stubFetch({
      'POST /api/test-checkout/cs_test_1/pay': {
        status: 402,
        body: { error: { code: 'card_declined', message: c.declined } },
      },
    })
    const user = userEvent.setup()
    renderAt('/test-checkout/cs_test_1', '/test-checkout/:sessionId', <TestCheckoutPage />)

    await user.click(await screen.findByRole('button', { name: c.pay }))
    const form = (await screen.findByRole('button', { name: c.pay })).closest('form')!
    expect(await within(form).findByText(c.declined)).toBeInTheDocument()
  })
})
