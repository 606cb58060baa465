import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import type { CompanyInfo, SignupView } from './api/signup-api'
import FleetSignupPage from './fleet-signup-page'

const t = texts.signup

const company: CompanyInfo = {
  dot_number: '1000001',
  legal_name: 'Blue Ridge Freight LLC',
  dba_name: 'Blue Ridge Freight LLC',
  street_address: '12 Depot St',
  city: 'Asheville',
  state: 'NC',
  zip_code: '28801',
  phone_number: null,
  power_units: 120,
  fleet_size: '100-250 units',
  monthly_rate_cents: 129900,
  plan_description: 'Best for medium fleets with 100-250 vehicles',
}

const signup: SignupView = {
  id: 'sig-1',
  current_step: 1,
  company,
  contact: null,
  checkout_started: false,
}

function stubFetch(routes: Parameters<typeof fakeFetch>[0]) {
  const fetchMock = vi.fn(
    fakeFetch({
      'GET /api/auth/session': { status: 200, body: { user: null, csrf_token: 'csrf-anon' } },
      'GET /api/config': { status: 200, body: { stand_ins: { fmcsa: true, stripe: true }, booking_url: null } },
      ...routes,
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === path && (init?.method ?? 'GET') === method,
  )

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  toast.dismiss() // sonner keeps toasts in a module-level store
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('fleet signup, step 1', () => {
  it('requires a DOT number before calling the registry', async () => {
    const fetchMock = stubFetch({})
    const user = userEvent.setup()
    renderAt('/fleet-signup', '/fleet-signup', <FleetSignupPage />)

    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t.search }))
    expect(await screen.findByText(t.dotRequired)).toBeInTheDocument()
    expect(screen.getByLabelText(t.dotNumber)).toHaveAttribute('aria-invalid', 'true')
    expect(calls(fetchMock, 'POST', '/api/signup/lookup')).toHaveLength(0)
  })

  it('requires digits only', async () => {
    const fetchMock = stubFetch({})
    const user = userEvent.setup()
    renderAt('/fleet-signup', '/fleet-signup', <FleetSignupPage />)

    await user.type(screen.getByLabelText(t.dotNumber), '12ab')
    await user.click(screen.getByRole('button', { name: t.search }))
    expect(await screen.findByText(t.dotNumeric)).toBeInTheDocument()
    expect(calls(fetchMock, 'POST', '/api/signup/lookup')).toHaveLength(0)
  })

  it('shows the sample-data note when the registry stand-in is active', async () => {
    stubFetch({})
    renderAt('/fleet-signup', '/fleet-signup', <FleetSignupPage />)
    expect(await screen.findByText(t.sampleDataNote)).toBeInTheDocument()
  })

  it('shows the company card and saves the signup after a successful lookup', async () => {
    const fetchMock = stubFetch({
      'POST /api/signup/lookup': { status: 200, body: { company, stand_in: true } },
      'POST /api/signups': { status: 201, body: signup },
      'PUT /api/signups/sig-1/step': { status: 200, body: { ...signup, current_step: 2 } },
    })
    const user = userEvent.setup()
    renderAt('/fleet-signup', '/fleet-signup', <FleetSignupPage />)

    await user.type(screen.getByLabelText(t.dotNumber), '1000001')
    await user.click(screen.getByRole('button', { name: t.search }))

    expect(await screen.findByText(t.companyFound)).toBeInTheDocument()
    expect(screen.getByText('$1,299/month')).toBeInTheDocument()
    expect(screen.getByText('12 Depot St, Asheville, NC 28801')).toBeInTheDocument()
    expect(screen.getByText(t.notAvailable)).toBeInTheDocument()
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/signups')).toHaveLength(1))
    const [, init] = calls(fetchMock, 'POST', '/api/signups')[0]!
    expect(JSON.parse(String(init?.body))).toEqual({ dot_number: '1000001', signup_id: null })

    await user.click(screen.getByRole('button', { name: t.saveAndContinue }))
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument()
    expect(screen.getByLabelText(t.firstName)).toBeInTheDocument()
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/signups/sig-1/step')).toHaveLength(1))
  })

  it('shows the server message and the error toast when the lookup fails', async () => {
    stubFetch({
      'POST /api/signup/lookup': {
        status: 404,
        body: { error: { code: 'carrier_not_found', message: t.noCarrier } },
      },
    })
    const user = userEvent.setup()
    renderAt('/fleet-signup', '/fleet-signup', <FleetSignupPage />)

    await user.type(screen.getByLabelText(t.dotNumber), '9999999')
    await user.click(screen.getByRole('button', { name: t.search }))

    expect(await screen.findByRole('alert')).toHaveTextContent(t.noCarrier)
    expect(await screen.findByText(t.lookupError)).toBeInTheDocument()
  })
})

describe('fleet signup, step 2', () => {
  it('validates the contact fields', async () => {
    stubFetch({ 'GET /api/signups/sig-1': { status: 200, body: { ...signup, current_step: 2 } } })
    const user = userEvent.setup()
    renderAt('/fleet-signup?id=sig-1', '/fleet-signup', <FleetSignupPage />)

    expect(await screen.findByText(t.restored)).toBeInTheDocument()
    await user.type(screen.getByLabelText(t.emailAddress), 'not-an-email')
    await user.type(screen.getByLabelText(t.phoneNumber), '12345')
    await user.click(screen.getByRole('button', { name: t.continue }))

    expect(await screen.findByText(t.firstNameRequired)).toBeInTheDocument()
    expect(screen.getByText(t.lastNameRequired)).toBeInTheDocument()
    expect(screen.getByText(t.emailInvalid)).toBeInTheDocument()
    expect(screen.getByText(t.phoneInvalid)).toBeInTheDocument()
  })
})

describe('fleet signup, restore', () => {
  it('starts over at step 1 when the saved signup is gone', async () => {
    const fetchMock = stubFetch({
      'GET /api/signups/missing': {
        status: 404,
        body: { error: { code: 'not_found', message: t.signupNotFound } },
      },
    })
    renderAt('/fleet-signup?id=missing', '/fleet-signup', <FleetSignupPage />)
    expect(await screen.findByText(t.restoreFailed)).toBeInTheDocument()
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls(fetchMock, 'GET', '/api/signups/missing')).toHaveLength(1)
  })
})

describe('fleet signup, a signup that went to checkout', () => {
  it('restores nothing and starts a new signup', async () => {
    stubFetch({
      'GET /api/signups/sig-1': {
        status: 200,
        body: { id: 'sig-1', current_step: 3, company: null, contact: null, checkout_started: true },
      },
    })
    renderAt('/fleet-signup?id=sig-1', '/fleet-signup', <FleetSignupPage />)
    expect(await screen.findByText(t.checkoutStarted)).toBeInTheDocument()
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument()
    expect(screen.queryByText(t.restored)).not.toBeInTheDocument()
  })

  it('uses the new signup the server started for a second checkout', async () => {
    const fetchMock = stubFetch({
      'GET /api/signups/sig-1': { status: 200, body: { ...signup, current_step: 3 } },
      'POST /api/signups/sig-1/checkout': {
        status: 200,
        body: { url: 'https://checkout.example/cs_2', session_id: 'cs_2', signup_id: 'sig-2' },
      },
      'POST /api/signups/sig-2/checkout': {
        status: 200,
        body: { url: 'https://checkout.example/cs_3', session_id: 'cs_3', signup_id: 'sig-2' },
      },
    })
    const tab = () => ({ opener: {}, closed: false, close: vi.fn(), location: { href: '' } })
    vi.spyOn(window, 'open').mockImplementation(() => tab() as unknown as Window)
    const user = userEvent.setup()
    renderAt('/fleet-signup?id=sig-1', '/fleet-signup', <FleetSignupPage />)

    await user.click(await screen.findByRole('button', { name: t.subscribeNow }))
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/signups/sig-1/checkout')).toHaveLength(1))
    await waitFor(() => expect(screen.getByRole('button', { name: t.subscribeNow })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: t.subscribeNow }))
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/signups/sig-2/checkout')).toHaveLength(1))
  })
})

describe('fleet signup, step 3', () => {
  it('opens the checkout in the tab it opened before the request', async () => {
    stubFetch({
      'GET /api/signups/sig-1': { status: 200, body: { ...signup, current_step: 3 } },
      'POST /api/signups/sig-1/checkout': {
        status: 200,
        body: { url: 'https://checkout.example/cs_1', session_id: 'cs_1', signup_id: 'sig-1' },
      },
    })
    const tab = { opener: {}, closed: false, close: vi.fn(), location: { href: '' } }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const user = userEvent.setup()
    renderAt('/fleet-signup?id=sig-1', '/fleet-signup', <FleetSignupPage />)

    await user.click(await screen.findByRole('button', { name: t.subscribeNow }))
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(await screen.findByText(t.openingCheckout)).toBeInTheDocument()
    expect(tab.location.href).toBe('https://checkout.example/cs_1')
    expect(tab.opener).toBeNull()
  })

  it('closes the blank tab and re-enables the button when checkout fails', async () => {
    stubFetch({
      'GET /api/signups/sig-1': { status: 200, body: { ...signup, current_step: 3 } },
      'POST /api/signups/sig-1/checkout': {
        status: 502,
        body: { error: { code: 'checkout_failed', message: 'Stripe is down' } },
      },
    })
    const tab = { opener: {}, closed: false, close: vi.fn(), location: { href: '' } }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const user = userEvent.setup()
    renderAt('/fleet-signup?id=sig-1', '/fleet-signup', <FleetSignupPage />)

    await user.click(await screen.findByRole('button', { name: t.subscribeNow }))
    expect(await screen.findByText(t.checkoutFailed)).toBeInTheDocument()
    expect(tab.close).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: t.subscribeNow })).toBeEnabled()
  })
})
