import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { renderAt } from '@/test/render'
import { DriversPage } from './drivers-page'
import { eldView, integration, syncRun } from '@/test/eld-fixtures'
import { account, driver, getsOf, page, stubFetch } from '@/test/fleet-fixtures'

const t = texts.fleet
const f = texts.fleet.driverForm

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () => renderAt('/fleet-dashboard/drivers', '/fleet-dashboard/drivers', <DriversPage />)

describe('drivers page', () => {
  it('lists drivers with the server-formatted name, phone and license', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/drivers': { status: 200, body: page([driver()], { active: 1, inactive: 2 }) },
    })
    render()

    expect(await screen.findByText('Dana Driver')).toBeInTheDocument()
    expect(screen.getByText('(615) 555-0100')).toBeInTheDocument()
    expect(screen.getByText('D1234567 (TN)')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Active Drivers (1)' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Inactive Drivers (2)' })).toBeInTheDocument()
    // View is in the row's menu.
    await userEvent.click(screen.getByRole('button', { name: texts.board.postings.actions }))
    expect(await screen.findByRole('menuitem', { name: t.view })).toHaveAttribute('href', '/fleet-dashboard/drivers/driver-1')
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: t.syncDrivers })).toBeEnabled()
  })

  it('checks the name, posts the new driver, toasts and refreshes the list', async () => {
    let drivers = [] as ReturnType<typeof driver>[]
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(false) },
      'GET /api/fleet/drivers': () => ({ status: 200, body: page(drivers) }),
      'POST /api/fleet/drivers': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { first_name: string; last_name: string }
        drivers = [driver({ id: 'driver-9', first_name: body.first_name, last_name: body.last_name, display_name: 'Sam Hauler' })]
        return { status: 201, body: drivers[0] }
      },
    })
    render()

    expect(await screen.findByText(t.noDriversText)).toBeInTheDocument()
    expect(await screen.findByText(t.noEldTitle)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: t.addFirstDriver }))

    const dialog = await screen.findByRole('dialog', { name: f.title })
    await userEvent.type(within(dialog).getByLabelText(f.username), 'sam')
    await userEvent.click(within(dialog).getByRole('button', { name: f.save }))
    expect(await within(dialog).findByText(f.nameRequired)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await userEvent.type(within(dialog).getByLabelText(f.firstName), 'Sam')
    await userEvent.type(within(dialog).getByLabelText(f.lastName), 'Hauler')
    await userEvent.type(within(dialog).getByLabelText(f.phone), '615-555-0199')
    expect(within(dialog).getByLabelText(f.email)).toHaveAttribute('type', 'email')
    await userEvent.type(within(dialog).getByLabelText(f.email), 'sam@example.com')
    await userEvent.type(within(dialog).getByLabelText(f.licenseState), 'tn')
    await userEvent.type(within(dialog).getByLabelText(f.notes), 'Nights only')
    await userEvent.click(within(dialog).getByRole('button', { name: f.save }))

    expect(await screen.findByText(f.added)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(JSON.parse(String(posts[0][1]?.body))).toEqual({
      first_name: 'Sam',
      last_name: 'Hauler',
      username: 'sam',
      phone: '615-555-0199',
      email: 'sam@example.com',
      license_number: '',
      license_state: 'TN',
      notes: 'Nights only',
    })
    expect(await screen.findByText('Sam Hauler')).toBeInTheDocument()
    expect(getsOf(fetchMock, '/api/fleet/drivers').length).toBeGreaterThanOrEqual(2)
  })

  it('shows the server field errors under the inputs', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/drivers': { status: 200, body: page([driver()]) },
      'POST /api/fleet/drivers': {
        status: 422,
        body: { error: { code: 'validation', message: 'Check the fields', fields: { phone: 'Enter 10 to 15 digits' } } },
      },
    })
    render()
    await screen.findByText('Dana Driver')
    await userEvent.click(screen.getByRole('button', { name: t.addDriver }))

    const dialog = await screen.findByRole('dialog', { name: f.title })
    await userEvent.type(within(dialog).getByLabelText(f.firstName), 'Sam')
    await userEvent.type(within(dialog).getByLabelText(f.phone), '12')
    await userEvent.click(within(dialog).getByRole('button', { name: f.save }))

    expect(await within(dialog).findByText('Enter 10 to 15 digits')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(f.phone)).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows a malformed or taken e-mail on the Email field', async () => {
    let answer: { status: number; body: { error: { code: string; message: string; fields?: Record<string, string> } } } = {
      status: 422,
      body: { error: { code: 'validation', message: 'Check the fields', fields: { email: 'Please enter a valid email address' } } },
    }
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/drivers': { status: 200, body: page([driver()]) },
      'POST /api/fleet/drivers': () => answer,
    })
    render()
    await screen.findByText('Dana Driver')
    await userEvent.click(screen.getByRole('button', { name: t.addDriver }))

    const dialog = await screen.findByRole('dialog', { name: f.title })
    await userEvent.type(within(dialog).getByLabelText(f.firstName), 'Sam')
    await userEvent.type(within(dialog).getByLabelText(f.email), 'sam@')
    await userEvent.click(within(dialog).getByRole('button', { name: f.save }))
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(f.email)).toHaveAttribute('aria-invalid', 'true')

    answer = {
      status: 409,
      body: { error: { code: 'email_taken', message: 'Another driver already uses this email address' } },
    }
    await userEvent.clear(within(dialog).getByLabelText(f.email))
    await userEvent.type(within(dialog).getByLabelText(f.email), 'dana@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: f.save }))
    expect(await within(dialog).findByText('Another driver already uses this email address')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(f.email)).toHaveAttribute('aria-invalid', 'true')
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(posts[1][1]?.body))).toMatchObject({ email: 'dana@example.com' })
  })

  it('syncs from the empty state, toasts once and shows the synced drivers', async () => {
    let drivers = [] as ReturnType<typeof driver>[]
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/eld': { status: 200, body: eldView({ integration: integration() }) },
      'GET /api/fleet/drivers': () => ({ status: 200, body: page(drivers) }),
      'POST /api/fleet/eld/syncs': () => ({ status: 202, body: syncRun({ kind: 'drivers' }) }),
      'GET /api/fleet/eld/syncs/run-1': () => {
        drivers = [driver()]
        return { status: 200, body: syncRun({ kind: 'drivers', status: 'succeeded', synced: 1 }) }
      },
    })
    render()

    await userEvent.click(await screen.findByRole('button', { name: t.syncDriversFromEld }))

    expect(await screen.findByText('Updated 1 drivers from Samsara.')).toBeInTheDocument()
    expect(screen.getAllByText('Drivers synced successfully')).toHaveLength(1)
    expect(await screen.findByText('Dana Driver')).toBeInTheDocument()
    expect(screen.queryByText(t.noDriversText)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: t.syncDrivers })).toBeEnabled()
  })
})
