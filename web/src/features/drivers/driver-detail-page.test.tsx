import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { renderAt } from '@/test/render'
import type { components } from '@/lib/api-types'
import { DriverDetailPage } from './driver-detail-page'
import { driver, stubFetch, trailer, truck } from '@/test/fleet-fixtures'

type DriverDetail = components['schemas']['DriverDetail']

const t = texts.fleet
const f = texts.fleet.driverForm
const dp = texts.driverPortal

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () =>
  renderAt('/fleet-dashboard/drivers/driver-1', '/fleet-dashboard/drivers/:driverId', <DriverDetailPage />)

describe('driver detail', () => {
  it('shows the profile, the assigned vehicles and deactivates after confirmation', async () => {
    let current: DriverDetail = {
      ...driver({ notes: 'Hazmat endorsed' }),
      assigned_truck: truck(),
      assigned_trailers: [trailer()],
    }
    const fetchMock = stubFetch({
      'GET /api/fleet/drivers/driver-1': () => ({ status: 200, body: current }),
      'POST /api/fleet/drivers/driver-1/deactivate': () => {
        current = { ...current, is_active: false }
        return { status: 200, body: current }
      },
    })
    render()

    expect(await screen.findByRole('heading', { name: 'Dana Driver' })).toBeInTheDocument()
    expect(screen.getByText(t.driverInformation)).toBeInTheDocument()
    expect(screen.getByText('D1234567 (TN)')).toBeInTheDocument()
    expect(screen.getByText('Hazmat endorsed')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: t.driverTabs.vehicles }))
    expect(screen.getByText('Unit 101')).toBeInTheDocument()
    expect(screen.getByText('Freightliner Cascadia 2022')).toBeInTheDocument()
    expect(screen.getByText('Reefer 7')).toBeInTheDocument()
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: t.driverTabs.profile }))
    await userEvent.click(screen.getByRole('button', { name: f.deactivate }))
    const dialog = await screen.findByRole('dialog', { name: f.deactivateConfirmTitle })
    await userEvent.click(within(dialog).getByRole('button', { name: f.deactivate }))

    expect(await screen.findByText(f.deactivated)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: f.activate })).toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
  })

  it('says when nothing is assigned', async () => {
    stubFetch({
      'GET /api/fleet/drivers/driver-1': {
        status: 200,
        body: { ...driver({ eld_provider: null }), assigned_truck: null, assigned_trailers: [] },
      },
    })
    render()

    expect(await screen.findByText(t.none)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: t.driverTabs.vehicles }))
    expect(screen.getByText(t.noVehicleAssigned)).toBeInTheDocument()
    expect(screen.getByText(t.noTrailersAssigned)).toBeInTheDocument()
  })

  it('shows Driver not found for a 404', async () => {
    stubFetch({})
    render()
    expect(await screen.findByRole('heading', { name: t.driverNotFoundTitle })).toBeInTheDocument()
  })

  it('sends a portal invite to the driver\'s e-mail', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/drivers/driver-1': {
        status: 200,
        body: { ...driver({ email: 'dana@example.com' }), assigned_truck: null, assigned_trailers: [] },
      },
      'POST /api/fleet/drivers/driver-1/portal-invite': {
        status: 200,
        body: { email: 'dana@example.com', expires_at: '2025-01-12T12:00:00Z' },
      },
    })
    render()

    expect(await screen.findByText('dana@example.com')).toBeInTheDocument()
    const button = screen.getByRole('button', { name: dp.inviteSend })
    expect(button).toBeEnabled()
    await userEvent.click(button)
    expect(await screen.findByText('Invite sent to dana@example.com')).toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
  })

  it('keeps the invite off without an e-mail and shows the server\'s refusal', async () => {
    let current: DriverDetail = { ...driver({ email: null }), assigned_truck: null, assigned_trailers: [] }
    stubFetch({
      'GET /api/fleet/drivers/driver-1': () => ({ status: 200, body: current }),
      'POST /api/fleet/drivers/driver-1/portal-invite': {
        status: 422,
        body: { error: { code: 'validation', message: 'Check the fields', fields: { email: dp.inviteNeedsEmail } } },
      },
    })
    const view = render()

    const button = await screen.findByRole('button', { name: dp.inviteSend })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(dp.inviteNeedsEmail)

    // The e-mail was removed elsewhere after this page loaded: the server says so.
    current = { ...current, email: 'gone@example.com' }
    view.unmount()
    render()
    await userEvent.click(await screen.findByRole('button', { name: dp.inviteSend }))
    expect(await screen.findByText(dp.inviteNeedsEmail)).toBeInTheDocument()
  })

  it('offers no invite for an inactive driver', async () => {
    stubFetch({
      'GET /api/fleet/drivers/driver-1': {
        status: 200,
        body: { ...driver({ email: 'dana@example.com', is_active: false }), assigned_truck: null, assigned_trailers: [] },
      },
    })
    render()
    expect(await screen.findByRole('button', { name: f.activate })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: dp.inviteSend })).not.toBeInTheDocument()
  })
})
