import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import { DriverContactForm, SEND_DELAY_MS } from './driver-contact-form'
import FleetPortalRoute from './fleet-portal-route'
import { FLEET_ID, portalConfig, portalHome } from './fixtures'
import { changePasswordSchema, setPasswordSchema } from './password-schema'
import { renewalFormData } from './renewal-form'

const d = texts.driverPortal
const s = texts.subscriptionSuccess

function stub(routes: Parameters<typeof fakeFetch>[0]) {
  const fetchMock = vi.fn(fakeFetch(routes))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const renderPortal = (path = `/driver-portal/${FLEET_ID}`) =>
  renderAt(path, '/driver-portal/:fleetId/*', <FleetPortalRoute />)

// The portal's pages are lazily loaded chunks (portal-pages.ts): loaded once here,
// so that the tests' waits are for the pages and not for transforming their modules.
beforeAll(() => Promise.all([import('./portal-sign-in-page'), import('./portal-home-page'), import('./portal-invite-page')]))

const bodyOf = (fetchMock: ReturnType<typeof stub>, key: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

afterEach(() => {
  toast.dismiss()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('portal sign-in', () => {
  it('signs in by username and opens the home page', async () => {
    const fetchMock = stub({
      [`GET /api/portal/${FLEET_ID}/config`]: { status: 200, body: portalConfig() },
      [`POST /api/portal/${FLEET_ID}/sign-in`]: { status: 200, body: { csrf_token: 'c', driver: portalHome().driver } },
      'GET /api/portal/me': { status: 200, body: portalHome({ welcome_message: 'Drive safe' }) },
      'GET /api/portal/documents': { status: 200, body: [] },
      'GET /api/portal/renewals': { status: 200, body: [] },
    })
    const user = userEvent.setup()
    renderPortal()

    expect(await screen.findByRole('heading', { name: d.signInTitle })).toBeInTheDocument()
    expect(screen.getByText('Sign in to the Demo Freight driver portal.')).toBeInTheDocument()
    const login = screen.getByLabelText(d.usernameLabel)
    expect(login).toHaveAttribute('autocapitalize', 'none')
    expect(login).toHaveAttribute('autocomplete', 'username')
    expect(login).toHaveAttribute('type', 'text')
    await user.type(login, ' aanderson1 ')
    await user.type(screen.getByLabelText(d.passwordLabel), 'Shared-1')
    await user.click(screen.getByRole('button', { name: d.signIn }))

    expect(await screen.findByRole('heading', { name: 'Drive safe' })).toBeInTheDocument()
    expect(bodyOf(fetchMock, `POST /api/portal/${FLEET_ID}/sign-in`)).toEqual({ login: 'aanderson1', password: 'Shared-1' })
    expect(screen.getByText('Truck 126')).toBeInTheDocument()
    expect(await screen.findByText(d.noDocuments)).toBeInTheDocument()
  })

  it('asks for the e-mail when the fleet signs in by e-mail and shows the server refusal inline', async () => {
    stub({
      [`GET /api/portal/${FLEET_ID}/config`]: { status: 200, body: portalConfig({ login_method: 'email' }) },
      [`POST /api/portal/${FLEET_ID}/sign-in`]: {
        status: 401,
        body: { error: { code: 'invalid_credentials', message: d.invalidEmailCredentials } },
      },
    })
    const user = userEvent.setup()
    renderPortal()

    const login = await screen.findByLabelText(d.emailLabel)
    expect(login).toHaveAttribute('type', 'email')
    expect(screen.queryByLabelText(d.usernameLabel)).not.toBeInTheDocument()
    await user.type(login, 'aisha@drivers.test')
    await user.type(screen.getByLabelText(d.passwordLabel), 'wrong')
    await user.click(screen.getByRole('button', { name: d.signIn }))
    expect(await screen.findByRole('alert')).toHaveTextContent(d.invalidEmailCredentials)
  })

  it('shows the disabled message instead of the form, and the not-found text for an unknown fleet', async () => {
    stub({ [`GET /api/portal/${FLEET_ID}/config`]: { status: 200, body: portalConfig({ enabled: false }) } })
    const { unmount } = renderPortal()
    expect(
      await screen.findByText("The Demo Freight driver portal is turned off. Ask your fleet's office for help."),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText(d.passwordLabel)).not.toBeInTheDocument()
    unmount()

    stub({})
    renderPortal()
    expect(await screen.findByText(d.portalNotFound)).toBeInTheDocument()
  })

  it('goes back to sign-in with the session-ended message when /me answers 401', async () => {
    stub({
      [`GET /api/portal/${FLEET_ID}/config`]: { status: 200, body: portalConfig() },
      'GET /api/portal/me': { status: 401, body: { error: { code: 'unauthorized', message: 'Please sign in' } } },
    })
    renderPortal(`/driver-portal/${FLEET_ID}/home`)
    expect(await screen.findByText(d.sessionExpired)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: d.signInTitle })).toBeInTheDocument()
  })
})

describe('contact form', () => {
  it("shows 'Sending...' for at least 1.5 s, then the toast, and clears the form", async () => {
    vi.useFakeTimers()
    const success = vi.spyOn(toast, 'success')
    const send = vi.fn(() => Promise.resolve())
    renderAt('/', '/', <DriverContactForm defaults={{ name: 'Aisha', email: 'a@b.test' }} send={send} />)

    fireEvent.change(screen.getByLabelText(d.message), { target: { value: 'Hello office' } })
    fireEvent.change(screen.getByLabelText(d.companyName), { target: { value: 'Own LLC' } })
    fireEvent.click(screen.getByRole('button', { name: d.sendMessage }))

    expect(screen.getByRole('button', { name: d.sending })).toBeDisabled()
    expect(send).toHaveBeenCalledWith({ name: 'Aisha', email: 'a@b.test', company: 'Own LLC', message: 'Hello office' })
    await act(() => vi.advanceTimersByTimeAsync(SEND_DELAY_MS - 100))
    // The server has answered, but 'Sending...' stays for the full 1.5 s.
    expect(screen.getByRole('button', { name: d.sending })).toBeInTheDocument()
    expect(success).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(success).toHaveBeenCalledWith(d.sentTitle, { description: d.sentDescription })
    expect(screen.getByRole('button', { name: d.sendMessage })).toBeEnabled()
    expect(screen.getByLabelText(d.message)).toHaveValue('')
    expect(screen.getByLabelText(d.yourName)).toHaveValue('Aisha')
    success.mockRestore()
  })

  it("shows the server's message when sending fails and keeps the text", async () => {
    const send = vi.fn(() => Promise.reject(new Error('x')))
    renderAt('/', '/', <DriverContactForm send={send} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(d.yourName), 'A')
    await user.type(screen.getByLabelText(d.emailAddress), 'a@b.test')
    await user.type(screen.getByLabelText(d.message), 'Hi')
    await user.click(screen.getByRole('button', { name: d.sendMessage }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(texts.errors.generic), { timeout: 3000 })
    expect(screen.getByLabelText(d.message)).toHaveValue('Hi')
  })
})

describe('renewal form data', () => {
  it('sends the fields in order with the file last', () => {
    const file = new File(['png'], 'card.png', { type: 'image/png' })
    const form = renewalFormData(
      {
        target: 'trailer',
        trailerId: 'tr-1',
        documentType: 'trailer_registration',
        name: ' Trailer registration ',
        expirationDate: '2031-03-31',
        note: 'Renewed',
      },
      file,
    )
    expect([...form.keys()]).toEqual(['target', 'trailer_id', 'document_type', 'name', 'expiration_date', 'note', 'file'])
    expect(form.get('name')).toBe('Trailer registration')
    expect((form.get('file') as File).name).toBe('card.png')
  })

  it('leaves out the trailer, an empty date and an empty note for the driver', () => {
    const form = renewalFormData(
      { target: 'driver', trailerId: 'tr-1', documentType: 'company_other', name: 'CDL', expirationDate: '', note: ' ' },
      new File(['x'], 'cdl.pdf'),
    )
    expect([...form.keys()]).toEqual(['target', 'document_type', 'name', 'file'])
  })

  it('names the qualification item a driver renews right after the document type', () => {
    const values = { target: 'driver' as const, documentType: 'company_other', name: 'CDL', expirationDate: '2030-05-31', note: '' }
    const cdl = renewalFormData({ ...values, kind: 'cdl' }, new File(['x'], 'cdl.pdf'))
    expect([...cdl.keys()]).toEqual(['target', 'document_type', 'qualification', 'name', 'expiration_date', 'file'])
    expect(cdl.get('qualification')).toBe('cdl')
    expect(renewalFormData({ ...values, kind: 'medical' }, new File(['x'], 'card.pdf')).get('qualification')).toBe('medical')
    expect(renewalFormData({ ...values, kind: 'other' }, new File(['x'], 'x.pdf')).has('qualification')).toBe(false)
    // Only a driver's own renewal renews a qualification.
    const truck = renewalFormData({ ...values, target: 'truck', documentType: 'maintenance', kind: 'cdl' }, new File(['x'], 'x.pdf'))
    expect(truck.has('qualification')).toBe(false)
  })
})

describe('the renewal dialog', () => {
  it('lets the driver say the renewal is the CDL and sends it as the qualification', async () => {
    const fetchMock = stub({
      'GET /api/portal/me': { status: 200, body: portalHome() },
      'GET /api/portal/documents': { status: 200, body: [] },
      'GET /api/portal/renewals': { status: 200, body: [] },
      'POST /api/portal/renewals': { status: 201, body: { id: 'ren-1' } },
    })
    const user = userEvent.setup()
    renderPortal(`/driver-portal/${FLEET_ID}/home`)

    await user.click(await screen.findByRole('button', { name: d.uploadRenewal }))
    const what = await screen.findByLabelText(texts.compliance.renewal.what)
    expect(what).toHaveValue('other')
    expect([...(what as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      texts.compliance.qualificationKinds.cdl,
      texts.compliance.qualificationKinds.medical,
      texts.compliance.renewal.other,
    ])
    await user.selectOptions(what, 'cdl')
    expect(screen.getByLabelText(d.renewalExpiration)).toBeRequired()

    // Not asked for the truck's papers.
    await user.selectOptions(screen.getByLabelText(d.renewalFor), 'truck')
    expect(screen.queryByLabelText(texts.compliance.renewal.what)).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText(d.renewalFor), 'driver')

    await user.selectOptions(screen.getByLabelText(texts.compliance.renewal.what), 'cdl')
    await user.type(screen.getByLabelText(d.renewalName), 'CDL 2030')
    fireEvent.change(screen.getByLabelText(d.renewalExpiration), { target: { value: '2030-05-31' } })
    await user.upload(screen.getByLabelText(d.renewalFile), new File(['x'], 'cdl.jpg', { type: 'image/jpeg' }))
    // jsdom counts a required file input as empty even after an upload: submit the form itself.
    fireEvent.submit(screen.getByRole('button', { name: d.renewalSubmit }).closest('form') as HTMLFormElement)

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const form = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData
    expect([...form.keys()]).toEqual(['target', 'document_type', 'qualification', 'name', 'expiration_date', 'file'])
    expect(form.get('qualification')).toBe('cdl')
  })
})

describe('portal sign-out', () => {
  it("goes to the sign-in page without asking again for the driver's data", async () => {
    let signedIn = true
    const home = portalHome()
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`
      const json = (status: number, body?: unknown) =>
        new Response(body === undefined ? null : JSON.stringify(body), { status })
      if (key === 'POST /api/portal/sign-out') {
        signedIn = false
        return json(204)
      }
      if (key === `GET /api/portal/${FLEET_ID}/config`) return json(200, portalConfig())
      if (!signedIn) return json(401, { error: { code: 'unauthorized', message: 'Sign in' } })
      if (key === 'GET /api/portal/me') return json(200, home)
      if (key === 'GET /api/portal/documents' || key === 'GET /api/portal/renewals') return json(200, [])
      return json(404)
    })
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    renderPortal(`/driver-portal/${FLEET_ID}/home`)
    await user.click(await screen.findByRole('button', { name: d.signOut }))

    expect(await screen.findByRole('heading', { name: d.signInTitle })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const sign = fetchMock.mock.calls.findIndex(([url]) => String(url).endsWith('/sign-out'))
    const after = fetchMock.mock.calls.slice(sign + 1).map(([url]) => String(url))
    expect(after.filter((url) => !url.endsWith('/config'))).toEqual([])
    expect(screen.queryByText(d.sessionExpired)).not.toBeInTheDocument()
  })
})

describe('the renewal target', () => {
  it("names a trailer whose name already says 'Trailer' once", async () => {
    stub({
      'GET /api/portal/me': { status: 200, body: portalHome() },
      'GET /api/portal/documents': { status: 200, body: [] },
      'GET /api/portal/renewals': { status: 200, body: [] },
    })
    const user = userEvent.setup()
    renderPortal(`/driver-portal/${FLEET_ID}/home`)
    await user.click(await screen.findByRole('button', { name: d.uploadRenewal }))
    const target = (await screen.findByLabelText(d.renewalFor)) as HTMLSelectElement
    expect([...target.options].map((option) => option.text)).toContain('Trailer 526')
    expect([...target.options].map((option) => option.text)).not.toContain('Trailer Trailer 526')
  })
})

describe('password forms', () => {
  const first = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    result.error?.issues[0]
  it('checks length, cases and a digit in order, and the confirmation', () => {
    const base = { currentPassword: 'old', confirmPassword: '' }
    expect(first(changePasswordSchema.safeParse({ ...base, password: 'Ab1' }))?.message).toBe(s.passwordMin)
    expect(first(changePasswordSchema.safeParse({ ...base, password: `Ab1${'x'.repeat(70)}` }))?.message).toBe(s.passwordMax)
    expect(first(changePasswordSchema.safeParse({ ...base, password: 'abcdefg1' }))?.message).toBe(s.passwordUpper)
    expect(first(changePasswordSchema.safeParse({ ...base, password: 'ABCDEFG1' }))?.message).toBe(s.passwordLower)
    expect(first(changePasswordSchema.safeParse({ ...base, password: 'Abcdefgh' }))?.message).toBe(s.passwordNumber)
    const mismatch = first(changePasswordSchema.safeParse({ ...base, password: 'Abcdefg1', confirmPassword: 'Abcdefg2' }))
    expect(mismatch).toMatchObject({ message: s.passwordsDontMatch, path: ['confirmPassword'] })
    expect(first(changePasswordSchema.safeParse({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1', currentPassword: '' }))?.message).toBe(
      d.fieldRequired,
    )
    expect(changePasswordSchema.safeParse({ ...base, password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }).success).toBe(true)
    expect(setPasswordSchema.safeParse({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }).success).toBe(true)
  })

  it('shows the rule under the field in Settings and sends the change', async () => {
    const fetchMock = stub({
      [`GET /api/portal/${FLEET_ID}/config`]: { status: 200, body: portalConfig() },
      'GET /api/portal/me': { status: 200, body: portalHome() },
      'GET /api/portal/documents': { status: 200, body: [] },
      'GET /api/portal/renewals': { status: 200, body: [] },
      'PUT /api/portal/password': { status: 204 },
    })
    const user = userEvent.setup()
    renderPortal(`/driver-portal/${FLEET_ID}/home`)
    await user.type(await screen.findByLabelText(d.currentPassword), 'Old-pass1')
    await user.type(screen.getByLabelText(d.newPassword), 'lowercase1')
    await user.type(screen.getByLabelText(d.inviteConfirm), 'lowercase1')
    await user.click(screen.getByRole('button', { name: d.changePassword }))
    expect(await screen.findByText(s.passwordUpper)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/portal/password')).toBe(false)

    await user.clear(screen.getByLabelText(d.newPassword))
    await user.type(screen.getByLabelText(d.newPassword), 'Newpass12')
    await user.clear(screen.getByLabelText(d.inviteConfirm))
    await user.type(screen.getByLabelText(d.inviteConfirm), 'Newpass12')
    await user.click(screen.getByRole('button', { name: d.changePassword }))
    expect(await screen.findByText(d.passwordChanged)).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'PUT /api/portal/password')).toEqual({ current_password: 'Old-pass1', new_password: 'Newpass12' })
    const put = fetchMock.mock.calls.find(([url]) => String(url) === '/api/portal/password')
    expect((put?.[1]?.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-driver')
  })

  it('hides the password form when the fleet uses a shared password', async () => {
    stub({
      'GET /api/portal/me': { status: 200, body: portalHome({ can_change_password: false }) },
      'GET /api/portal/documents': { status: 200, body: [] },
      'GET /api/portal/renewals': { status: 200, body: [] },
    })
    renderPortal(`/driver-portal/${FLEET_ID}/home`)
    expect(await screen.findByLabelText(d.phone)).toBeInTheDocument()
    expect(screen.queryByLabelText(d.currentPassword)).not.toBeInTheDocument()
  })
})
