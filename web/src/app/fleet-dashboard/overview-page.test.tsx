import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import OverviewPage from './overview-page'

const s = texts.compliance.summary
const a = texts.compliance.fmcsaAlert

afterEach(() => {
  vi.unstubAllGlobals()
})

const overview = {
  welcome_name: 'Blue Ridge',
  power_units: { active: 3, registered: 12 },
  drivers_active: 5,
  trailers_active_assigned: 2,
}

function stub(answers: Parameters<typeof stubFetch>[0]) {
  return stubFetch({
    'GET /api/fleet/account': { status: 200, body: fleetAccount() },
    'GET /api/fleet/overview': { status: 200, body: overview },
    'GET /api/fleet/fmcsa/alerts': { status: 200, body: [] },
    ...answers,
  })
}

const render = () => renderAt('/fleet-dashboard', '/fleet-dashboard', <OverviewPage />)

const change = (overrides = {}) => ({
  id: 'ch-1',
  field: 'allowed_to_operate',
  label: 'Allowed to operate',
  old_value: 'Yes',
  new_value: 'No',
  adverse: true,
  detected_at: '2025-03-04T06:00:00Z',
  dismissed: false,
  ...overrides,
})

describe('the overview’s Fleet Status card', () => {
  it('keeps the spec’s setup notice while the fleet has no assets', async () => {
    stub({ 'GET /api/fleet/compliance/summary': { status: 200, body: { overdue: 0, due_in30: 0, has_assets: false } } })
    render()
    expect(await screen.findByText(texts.fleet.setupInProgressTitle)).toBeInTheDocument()
    expect(screen.getByText(texts.fleet.setupInProgressText)).toBeInTheDocument()
    expect(screen.queryByTestId('compliance-summary')).not.toBeInTheDocument()
  })

  it('shows what is overdue and due within 30 days once there are assets, each a link to the calendar', async () => {
    stub({ 'GET /api/fleet/compliance/summary': { status: 200, body: { overdue: 2, due_in30: 0, has_assets: true } } })
    render()

    const overdue = await screen.findByRole('link', { name: '2 overdue' })
    expect(overdue).toHaveAttribute('href', '/fleet-dashboard/compliance')
    expect(overdue).toHaveAttribute('data-tone', 'destructive')
    const dueSoon = screen.getByRole('link', { name: '0 due in the next 30 days' })
    expect(dueSoon).toHaveAttribute('href', '/fleet-dashboard/compliance')
    expect(dueSoon).toHaveAttribute('data-tone', 'none')
    expect(screen.queryByText(texts.fleet.setupInProgressTitle)).not.toBeInTheDocument()
  })

  it('colours the 30-day count amber when something is due', async () => {
    stub({ 'GET /api/fleet/compliance/summary': { status: 200, body: { overdue: 0, due_in30: 3, has_assets: true } } })
    render()
    expect(await screen.findByRole('link', { name: '3 due in the next 30 days' })).toHaveAttribute('data-tone', 'warning')
    expect(screen.getByRole('link', { name: '0 overdue' })).toHaveAttribute('data-tone', 'none')
  })

  it('offers a retry when the summary does not load', async () => {
    let fail = true
    stub({
      'GET /api/fleet/compliance/summary': () =>
        fail ? { status: 500 } : { status: 200, body: { overdue: 1, due_in30: 0, has_assets: true } },
    })
    render()
    expect(await screen.findByText(s.loadFailed)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: s.retry }))
    expect(await screen.findByRole('link', { name: '1 overdue' })).toBeInTheDocument()
  })
})

describe('the overview’s FMCSA banner', () => {
  const summary = { status: 200, body: { overdue: 0, due_in30: 0, has_assets: true } }

  it('lists the changes in red when one is for the worse, and Dismiss hides it', async () => {
    let alerts = [change(), change({ id: 'ch-2', label: 'Power units', old_value: '10', new_value: '12', adverse: false })]
    const fetchMock = stub({
      'GET /api/fleet/compliance/summary': summary,
      'GET /api/fleet/fmcsa/alerts': () => ({ status: 200, body: alerts }),
      'POST /api/fleet/fmcsa/alerts/dismiss': () => {
        alerts = []
        return { status: 204 }
      },
    })
    render()

    const banner = await screen.findByTestId('fmcsa-banner')
    expect(banner).toHaveAttribute('role', 'alert')
    expect(banner).toHaveAttribute('data-tone', 'destructive')
    expect(within(banner).getByText(a.adverseTitle)).toBeInTheDocument()
    expect(within(banner).getByText('Allowed to operate: Yes → No')).toBeInTheDocument()
    expect(within(banner).getByText('Power units: 10 → 12')).toBeInTheDocument()
    expect(within(banner).getByRole('link', { name: a.viewHistory })).toHaveAttribute(
      'href',
      '/fleet-dashboard/profile?tab=history',
    )

    await userEvent.click(within(banner).getByRole('button', { name: a.dismiss }))
    await waitFor(() => expect(screen.queryByTestId('fmcsa-banner')).not.toBeInTheDocument())
    expect(
      fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/fmcsa/alerts/dismiss')),
    ).toHaveLength(1)
  })

  it('is calm for a change that is not for the worse, and absent without changes', async () => {
    stub({
      'GET /api/fleet/compliance/summary': summary,
      'GET /api/fleet/fmcsa/alerts': { status: 200, body: [change({ label: 'MC number', old_value: null, new_value: 'MC-1', adverse: false })] },
    })
    const view = render()
    const banner = await screen.findByTestId('fmcsa-banner')
    expect(banner).toHaveAttribute('role', 'status')
    expect(banner).toHaveAttribute('data-tone', 'info')
    expect(within(banner).getByText(a.title)).toBeInTheDocument()
    expect(within(banner).getByText(`MC number: ${a.none} → MC-1`)).toBeInTheDocument()
    view.unmount()

    stub({ 'GET /api/fleet/compliance/summary': summary })
    render()
    expect(await screen.findByRole('link', { name: '0 overdue' })).toBeInTheDocument()
    expect(screen.queryByTestId('fmcsa-banner')).not.toBeInTheDocument()
  })
})

describe('the overview’s Power Units card', () => {
  const summary = { status: 200, body: { overdue: 0, due_in30: 0, has_assets: true } }

  it('explains more active trucks than the power units registered with FMCSA, keeping the spec’s caption', async () => {
    stub({
      'GET /api/fleet/compliance/summary': summary,
      'GET /api/fleet/overview': { status: 200, body: { ...overview, power_units: { active: 48, registered: 45 } } },
    })
    render()

    expect(await screen.findByText('48 of 45 active')).toBeInTheDocument()
    const hint = screen.getByTestId('power-units-hint')
    expect(hint).toHaveTextContent(
      'Your ELD lists more active trucks than the 45 power units registered with FMCSA. Update your MCS-150 if your fleet has grown.',
    )
    const link = within(hint).getByRole('link', { name: texts.fleet.powerUnitsUpdateLink })
    expect(link).toHaveAttribute('href', 'https://www.fmcsa.dot.gov/registration/updating-your-registration')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
  })

  it('has no hint while the active trucks are within the registered power units', async () => {
    stub({
      'GET /api/fleet/compliance/summary': summary,
      'GET /api/fleet/overview': { status: 200, body: { ...overview, power_units: { active: 45, registered: 45 } } },
    })
    render()
    expect(await screen.findByText('45 of 45 active')).toBeInTheDocument()
    expect(screen.queryByTestId('power-units-hint')).not.toBeInTheDocument()
  })
})
