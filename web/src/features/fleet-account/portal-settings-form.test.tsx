import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount } from '@/test/fleet-fixtures'
import { fakeFetch, renderAt } from '@/test/render'
import { PortalSettingsForm } from './portal-settings-form'

const p = texts.fleet.portal

function stubFetch(routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetchMock = vi.fn(fakeFetch(routes))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function sentPortal(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'PUT' && String(input) === '/api/fleet/settings/portal')
    .map(([, init]) => JSON.parse(String(init?.body)))
}

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('portal settings', () => {
  it('shows login, authentication and welcome sections only while the portal is enabled', async () => {
    stubFetch()
    const user = userEvent.setup()
    renderAt('/', '/', <PortalSettingsForm account={fleetAccount()} />)

    const toggle = screen.getByLabelText(p.enable)
    expect(toggle).not.toBeChecked()
    expect(screen.queryByText(p.loginMethod)).not.toBeInTheDocument()
    expect(screen.queryByText(p.authMethod)).not.toBeInTheDocument()
    expect(screen.queryByLabelText(p.welcomeMessage)).not.toBeInTheDocument()

    await user.click(toggle)
    expect(screen.getByText(p.loginMethod)).toBeInTheDocument()
    expect(screen.getByLabelText(p.username)).toBeChecked()
    expect(screen.getByLabelText(p.systemPassword)).toBeChecked()
    expect(screen.getByLabelText(p.systemPasswordLabel)).toBeInTheDocument()
    expect(screen.getByLabelText(p.welcomeMessage)).toBeInTheDocument()

    await user.click(screen.getByLabelText(p.individualPassword))
    expect(screen.queryByLabelText(p.systemPasswordLabel)).not.toBeInTheDocument()

    await user.click(toggle)
    expect(screen.queryByText(p.loginMethod)).not.toBeInTheDocument()
  })

  it('requires a system password when none is stored', async () => {
    const fetchMock = stubFetch({
      'PUT /api/fleet/settings/portal': { status: 200, body: fleetAccount() },
    })
    const user = userEvent.setup()
    renderAt('/', '/', <PortalSettingsForm account={fleetAccount()} />)

    await user.click(screen.getByLabelText(p.enable))
    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByText(p.systemPasswordRequiredTitle)).toBeInTheDocument()
    expect(screen.getByText(p.systemPasswordRequiredText)).toBeInTheDocument()
    expect(sentPortal(fetchMock)).toHaveLength(0)

    await user.type(screen.getByLabelText(p.systemPasswordLabel), 'Haul-2026')
    await user.type(screen.getByLabelText(p.welcomeMessage), 'Welcome aboard')
    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByText(p.savedTitle)).toBeInTheDocument()
    expect(screen.getByText(p.savedText)).toBeInTheDocument()
    expect(sentPortal(fetchMock)).toEqual([
      {
        is_enabled: true,
        login_method: 'username',
        auth_type: 'system_password',
        welcome_message: 'Welcome aboard',
        show_load_revenue: false,
        system_password: 'Haul-2026',
      },
    ])
  })

  it('keeps a stored system password when the field is left empty and never shows it', async () => {
    const account = fleetAccount({
      portal: {
        is_enabled: true,
        login_method: 'email',
        auth_type: 'system_password',
        welcome_message: 'Hi',
        show_load_revenue: false,
        has_system_password: true,
      },
    })
    const fetchMock = stubFetch({ 'PUT /api/fleet/settings/portal': { status: 200, body: account } })
    const user = userEvent.setup()
    renderAt('/', '/', <PortalSettingsForm account={account} />)

    const password = screen.getByLabelText(p.systemPasswordLabel)
    expect(password).toHaveValue('')
    expect(password).toHaveAttribute('placeholder', p.systemPasswordKeep)
    await user.click(screen.getByRole('button', { name: p.save }))
    await waitFor(() => expect(sentPortal(fetchMock)).toHaveLength(1))
    expect(sentPortal(fetchMock)[0]).toMatchObject({ login_method: 'email', system_password: null })
    expect(await screen.findByText(p.savedText)).toBeInTheDocument()
  })

  it('needs no system password with individual passwords, and reports a failed save', async () => {
    const account = fleetAccount({
      portal: {
        is_enabled: true,
        login_method: 'username',
        auth_type: 'individual_password',
        welcome_message: null,
        show_load_revenue: false,
        has_system_password: false,
      },
    })
    stubFetch({
      'PUT /api/fleet/settings/portal': {
        status: 500,
        body: { error: { code: 'internal', message: 'boom' } },
      },
    })
    const user = userEvent.setup()
    renderAt('/', '/', <PortalSettingsForm account={account} />)

    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByText(p.failedText)).toBeInTheDocument()
    expect(screen.queryByText(p.systemPasswordRequiredTitle)).not.toBeInTheDocument()
  })

  it.each([
    ['the required rule', p.systemPasswordRequired, p.systemPasswordRequiredText],
    ['another rule', 'The system password must be 6 to 72 characters', 'The system password must be 6 to 72 characters'],
  ])('shows the server refusing the system password for %s', async (_rule, serverMessage, shown) => {
    // The stored password was removed elsewhere since this form loaded.
    const account = fleetAccount({
      portal: {
        is_enabled: true,
        login_method: 'username',
        auth_type: 'system_password',
        welcome_message: null,
        show_load_revenue: false,
        has_system_password: true,
      },
    })
    stubFetch({
      'PUT /api/fleet/settings/portal': {
        status: 422,
        body: { error: { code: 'invalid', message: serverMessage, fields: { system_password: serverMessage } } },
      },
    })
    const user = userEvent.setup()
    renderAt('/', '/', <PortalSettingsForm account={account} />)

    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByText(shown)).toBeInTheDocument()
    expect(screen.queryByText(p.failedText)).not.toBeInTheDocument()
  })
})
