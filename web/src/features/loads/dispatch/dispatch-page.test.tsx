import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { DispatchBoard, DispatchLoad, EligibilityView } from './api'
import { DispatchPage } from './dispatch-page'

const t = texts.loads.dispatch
const a = t.assign

// The board opens on today's day list when today is in the week, so the
// clock is pinned: Saturday Nov 28 in the fleet's zone, the week's first day,
// which has no pickups (the fixtures' loads pick up on Sunday).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-28T18:00:00Z'))
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function load(overrides: Partial<DispatchLoad>): DispatchLoad {
  return {
    id: 'load-1',
    pro_number: 1001,
    load_number: 'ACME-1',
    customer_id: 'c1',
    customer_name: 'Acme Brokers',
    status: 'accepted',
    equipment_type: 'van',
    first_pickup_at: '2026-11-29T14:00:00Z',
    last_delivery_at: '2026-11-30T20:00:00Z',
    origin: 'Dallas, TX',
    destination: 'Memphis, TN',
    driver_response: null,
    decline_reason: null,
    driver_id: null,
    second_driver_id: null,
    truck_id: null,
    trailer_id: null,
    ...overrides,
  }
}

const board = (loads: DispatchLoad[]): DispatchBoard => ({
  from: '2026-11-28',
  days: 7,
  time_zone: 'America/Chicago',
  loads,
  drivers: [
    { id: 'd1', name: 'Ann Lee', active: true },
    { id: 'd2', name: 'Bob Ray', active: true },
  ],
  trucks: [{ id: 't1', unit_number: '101', active: true }],
  trailers: [{ id: 'r1', unit_number: 'T-9', trailer_type: 'dry_van' }],
})

const planned = load({ id: 'load-2', pro_number: 1002, status: 'planned', driver_id: 'd2', truck_id: 't1', customer_name: 'Zeta Foods' })
const customers = { status: 200, body: { customers: [{ id: 'c1', name: 'Acme Brokers' }] } }

const blockedView: EligibilityView = {
  blocked: true,
  findings: [
    { severity: 'info', code: 'x_info', message: 'Clocks 3 minutes old.', cause_kind: 'driver', cause_id: 'd1', date: null, minutes: null, rest_plan: [] },
    { severity: 'block', code: 'medical_card_expired', message: "The driver's medical card has expired.", cause_kind: 'qualification', cause_id: 'q1', date: '2026-11-01', minutes: null, rest_plan: [] },
    { severity: 'warn', code: 'expires_soon_after', message: 'It expires within a week after the last stop.', cause_kind: 'document', cause_id: 'doc1', date: '2026-12-03', minutes: null, rest_plan: [] },
  ],
}

const render = (path = '/fleet-dashboard/dispatch?from=2026-11-28') =>
  renderAt(path, '/fleet-dashboard/dispatch', <DispatchPage />)

function bodies(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)))
}

describe('DispatchPage', () => {
  it('shows the loads by status and the week, asking for the week and filters in the URL', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/dispatch': { status: 200, body: board([load({}), planned]) },
      'GET /api/fleet/customers': customers,
    })
    render('/fleet-dashboard/dispatch?from=2026-11-28&customer=c1')
    const unassigned = await screen.findByRole('list', { name: t.columns.unassigned })
    expect(within(unassigned).getByRole('article', { name: /PRO 1001, Acme Brokers, Dallas, TX → Memphis, TN/ })).toBeInTheDocument()
    const plannedList = screen.getByRole('list', { name: t.columns.planned })
    expect(within(plannedList).getByText('Bob Ray')).toBeInTheDocument()
    // Pickup on the fleet's clock: 14:00 UTC is 8:00 AM in Chicago.
    expect(within(unassigned).getByText('Pickup Sun Nov 29, 8:00 AM CST')).toBeInTheDocument()
    // The planned load's bar on Bob's row, linking to the load.
    const bob = screen.getByRole('listitem', { name: 'Bob Ray' })
    expect(within(bob).getByRole('link', { name: /^PRO 1002, Zeta Foods/ })).toHaveAttribute('href', '/fleet-dashboard/loads/load-2')
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((u) => u.pathname === '/api/fleet/dispatch')
    expect(asked?.searchParams.get('from')).toBe('2026-11-28')
    expect(asked?.searchParams.get('days')).toBe('7')
    expect(asked?.searchParams.get('customer_id')).toBe('c1')
  })

  it('says so when the week has no loads, and offers to clear the filters', async () => {
    stubFetch({ 'GET /api/fleet/dispatch': { status: 200, body: board([]) }, 'GET /api/fleet/customers': customers })
    render('/fleet-dashboard/dispatch?from=2026-11-28&driver=d1')
    expect(await screen.findByText('No loads match these filters from Nov 28 to Dec 4, 2026.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: t.clearFilters }))
    expect(await screen.findByText('No loads from Nov 28 to Dec 4, 2026.')).toBeInTheDocument()
  })

  it('offers a retry when the board fails to load', async () => {
    let calls = 0
    stubFetch({
      'GET /api/fleet/dispatch': () => (++calls === 1 ? { status: 500 } : { status: 200, body: board([load({})]) }),
      'GET /api/fleet/customers': customers,
    })
    render()
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: t.retry }))
    expect(await screen.findByRole('article', { name: /PRO 1001/ })).toBeInTheDocument()
  })

  it('assigns from a card: findings grouped Block/Warn/Info, an override reason required, then Dispatch', async () => {
    let assigned = false
    const fetchMock = stubFetch({
      'GET /api/fleet/dispatch': () => ({
        status: 200,
        body: board([assigned ? load({ status: 'planned', driver_id: 'd1', truck_id: 't1' }) : load({}), planned]),
      }),
      'GET /api/fleet/customers': customers,
      'POST /api/fleet/loads/load-1/eligibility': { status: 200, body: blockedView },
      'POST /api/fleet/loads/load-1/assignment': () => {
        assigned = true
        return { status: 200, body: { findings: blockedView.findings, load: { id: 'load-1', pro_number: 1001 } } }
      },
      'POST /api/fleet/loads/load-1/status': { status: 200, body: { id: 'load-1', pro_number: 1001, status: 'dispatched' } },
    })
    render()
    await userEvent.click(await screen.findByRole('button', { name: 'Assign PRO 1001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assign PRO 1001' })
    expect(within(dialog).getByText(a.chooseFirst)).toBeInTheDocument()

    await userEvent.selectOptions(within(dialog).getByLabelText(a.driver), 'd1')
    await userEvent.selectOptions(within(dialog).getByLabelText(a.truck), 't1')
    await within(dialog).findByText("The driver's medical card has expired.")
    expect(bodies(fetchMock, 'POST', '/api/fleet/loads/load-1/eligibility').at(-1)).toEqual({ driver_id: 'd1', truck_id: 't1' })
    // One list, Block first, then Warn, then Info; each finding links to its cause.
    const groups = within(dialog).getAllByRole('region').filter((r) => r.dataset.severity)
    expect(groups.map((g) => g.dataset.severity)).toEqual(['block', 'warn', 'info'])
    expect(within(groups[0]).getByRole('link', { name: a.causeLinks.qualification })).toHaveAttribute(
      'href',
      '/fleet-dashboard/drivers/d1?tab=qualification',
    )
    expect(within(groups[1]).getByRole('link', { name: a.causeLinks.document })).toHaveAttribute('href', '/fleet-dashboard/documents')
    expect(within(groups[1]).getByText('(Dec 3, 2026)')).toBeInTheDocument()

    // Blocked: the reason is required before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: a.submitOverride }))
    expect(await within(dialog).findByText(a.overrideRequired)).toBeInTheDocument()
    expect(bodies(fetchMock, 'POST', '/api/fleet/loads/load-1/assignment')).toEqual([])
    await userEvent.type(within(dialog).getByLabelText(a.overrideReason), 'Renewed card seen in person')
    await userEvent.click(within(dialog).getByRole('button', { name: a.submitOverride }))
    expect(await within(dialog).findByText('PRO 1001 is planned.')).toBeInTheDocument()
    expect(bodies(fetchMock, 'POST', '/api/fleet/loads/load-1/assignment')).toEqual([
      { driver_id: 'd1', truck_id: 't1', override_reason: 'Renewed card seen in person' },
    ])

    await userEvent.click(within(dialog).getByRole('button', { name: a.dispatchNow }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies(fetchMock, 'POST', '/api/fleet/loads/load-1/status')).toEqual([{ status: 'dispatched' }])
  })

  it('opens the dialog of ?assign=<id>, without a reason when nothing blocks, and closes on Escape', async () => {
    stubFetch({
      'GET /api/fleet/dispatch': { status: 200, body: board([load({}), planned]) },
      'GET /api/fleet/customers': customers,
      'POST /api/fleet/loads/load-2/eligibility': { status: 200, body: { blocked: false, findings: [] } },
    })
    render('/fleet-dashboard/dispatch?from=2026-11-28&assign=load-2')
    const dialog = await screen.findByRole('dialog', { name: 'Assign PRO 1002' })
    // The load's current crew is chosen already, and checked.
    expect(within(dialog).getByLabelText(a.driver)).toHaveValue('d2')
    expect(await within(dialog).findByText(a.noFindings)).toBeInTheDocument()
    expect(within(dialog).queryByLabelText(a.overrideReason)).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: a.submit })).toBeEnabled()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('asks to accept a tendered load before assigning it', async () => {
    let status: DispatchLoad['status'] = 'tendered'
    const fetchMock = stubFetch({
      'GET /api/fleet/dispatch': () => ({ status: 200, body: board([load({ status })]) }),
      'GET /api/fleet/customers': customers,
      'POST /api/fleet/loads/load-1/status': () => {
        status = 'accepted'
        return { status: 200, body: {} }
      },
    })
    render('/fleet-dashboard/dispatch?from=2026-11-28&assign=load-1')
    const dialog = await screen.findByRole('dialog', { name: 'Assign PRO 1001' })
    expect(within(dialog).getByText(a.tendered)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: a.submit })).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: a.acceptTender }))
    await waitFor(() => expect(within(dialog).queryByText(a.tendered)).not.toBeInTheDocument())
    expect(bodies(fetchMock, 'POST', '/api/fleet/loads/load-1/status')).toEqual([{ status: 'accepted' }])
  })

  it('opens the dialog with the driver a card is dropped on', async () => {
    stubFetch({
      'GET /api/fleet/dispatch': { status: 200, body: board([load({}), planned]) },
      'GET /api/fleet/customers': customers,
      'POST /api/fleet/loads/load-1/eligibility': { status: 200, body: { blocked: false, findings: [] } },
    })
    render()
    const card = await screen.findByRole('article', { name: /PRO 1001/ })
    const data = new Map<string, string>()
    const dataTransfer = {
      get types() {
        return [...data.keys()]
      },
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    }
    fireEvent.dragStart(card, { dataTransfer })
    const ann = screen.getByRole('listitem', { name: 'Ann Lee' })
    fireEvent.dragOver(ann, { dataTransfer })
    fireEvent.drop(ann, { dataTransfer })
    const dialog = await screen.findByRole('dialog', { name: 'Assign PRO 1001' })
    expect(within(dialog).getByLabelText(a.driver)).toHaveValue('d1')
    expect(within(dialog).getByLabelText(a.truck)).toHaveValue('')
  })
})
