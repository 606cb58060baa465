import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { LoadRow, LoadView } from '@/features/loads/api/loads-api'
import { fleetAccount, getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import FleetDashboardRoute from './fleet-dashboard-route'

const s = texts.loads.screens

afterEach(() => {
  vi.unstubAllGlobals()
})

const render = (path: string) => renderAt(path, '/fleet-dashboard/*', <FleetDashboardRoute />)

function row(overrides: Partial<LoadRow> = {}): LoadRow {
  return {
    id: 'load-1',
    pro_number: 1001,
    load_number: 'EC-55012',
    customer_name: 'Echo Global Logistics',
    status: 'in_transit',
    first_pickup_at: '2026-03-02T14:00:00Z',
    last_delivery_at: '2026-03-04T13:00:00Z',
    loaded_miles: 1080,
    origin: 'Salinas, CA',
    destination: 'Denver, CO',
    driver_name: 'Dale Driver',
    truck_unit: 'Unit 101',
    revenue_cents: 275050,
    ...overrides,
  }
}

const facility = (id: string, name: string, zone: string) => ({
  id,
  name,
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: null,
  lat: 41.8,
  lon: -87.6,
  time_zone: zone,
  contact_name: null,
  contact_phone: null,
  hours: null, arrival_radius_miles: 0.5,
})

const customer = { id: 'customer-1', name: 'Echo Global Logistics', kind: 'broker', usdot_number: null, mc_number: '123456', billing_email: null, payment_terms_days: 30 }

function load(overrides: Partial<LoadView> = {}): LoadView {
  return {
    id: 'load-1',
    pro_number: 1001,
    load_number: 'EC-55012',
    customer,
    status: 'at_delivery',
    lumper_terms: null,
    rate_con_uploaded: false,
    bol_number: null,
    po_number: null,
    pickup_number: null,
    equipment_type: 'van',
    length_ft: 53,
    reefer_temp_f: null,
    commodity: 'Paper',
    weight_lbs: 40000,
    pieces: null,
    hazmat_class: null,
    un_number: null,
    notes: null,
    rate_method: 'flat',
    rate_per_mile_cents: null,
    linehaul_cents: 200000,
    fuel_surcharge_cents: 25000,
    detention_free_minutes: 120,
    detention_rate_cents: 5000,
    detention_cap_cents: null,
    tonu_cents: null,
    tonu_window_hours: null,
    revenue_cents: 237500,
    loaded_miles: 500,
    cancel_reason: null,
    driver_response: null,
    decline_reason: null,
    driver_id: 'driver-1',
    second_driver_id: null,
    truck_id: 'truck-1',
    trailer_id: null,
    stops: [
      {
        id: 'stop-0',
        seq: 0,
        kind: 'pickup',
        facility: facility('f-1', 'Fresh Farms DC', 'America/Chicago'),
        local_start: '2026-03-02T08:00:00',
        local_end: null,
        time_zone: 'America/Chicago',
        starts_at: '2026-03-02T14:00:00Z',
        ends_at: '2026-03-02T14:00:00Z',
        arrived_at: '2026-03-02T14:30:00Z',
        departed_at: '2026-03-02T18:00:00Z',
        instructions: null,
      },
      {
        id: 'stop-1',
        seq: 1,
        kind: 'delivery',
        facility: facility('f-2', 'Kroger Denver', 'America/Denver'),
        local_start: '2026-03-03T06:00:00',
        local_end: '2026-03-03T14:00:00',
        time_zone: 'America/Denver',
        starts_at: '2026-03-03T13:00:00Z',
        ends_at: '2026-03-03T21:00:00Z',
        arrived_at: '2026-03-03T15:00:00Z',
        departed_at: null,
        instructions: 'Dock 4',
      },
    ],
    accessorials: [
      { id: 'a-1', kind: 'detention', amount_cents: 12500, note: 'Detention at stop 1: 90 min past the free time (proposed)' },
    ],
    history: [
      { at: '2026-03-01T12:00:00Z', actor_name: 'Fran Admin', from_status: null, to_status: 'tendered', at7_code: null, reason: null, source: null, stop_event: null, stop_seq: null, sources: [] },
      { at: '2026-03-03T15:00:00Z', actor_name: 'Fran Admin', from_status: 'in_transit', to_status: 'at_delivery', at7_code: 'X1', reason: null, source: null, stop_event: null, stop_seq: null, sources: [] },
    ],
    updated_at: '2026-03-03T15:00:00.123456Z',
    ...overrides,
  }
}

describe('the loads in the fleet dashboard', () => {
  it('lists the loads right after Overview in the menu, with each tab’s count and a search kept in the address', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/loads': {
        status: 200,
        body: {
          loads: [row()],
          total: 1,
          counts: [
            { status: 'tendered', count: 2 },
            { status: 'in_transit', count: 1 },
            { status: 'paid', count: 4 },
          ],
        },
      },
    })
    render('/fleet-dashboard/loads')

    expect(await screen.findByRole('heading', { name: s.title, level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(labels.indexOf(s.nav)).toBe(labels.indexOf(texts.fleet.nav.overview) + 1)
    expect(within(nav).getByRole('link', { name: s.nav })).toHaveAttribute('aria-current', 'page')

    expect(await screen.findByRole('link', { name: '1001' })).toHaveAttribute('href', '/fleet-dashboard/loads/load-1')
    expect(screen.getByText('Salinas, CA').parentElement).toHaveTextContent('Salinas, CA → Denver, CO')
    expect(screen.getByText('$2,750.50')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'All (7)' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Unassigned (2)' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Invoiced/Paid (4)' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: s.exportCsv })).toHaveAttribute('href', '/api/fleet/loads/export.csv')

    await userEvent.click(screen.getByRole('tab', { name: 'In transit (1)' }))
    await userEvent.type(screen.getByLabelText(s.search), 'Denver')
    await waitFor(() => {
      const last = getsOf(fetchMock, '/api/fleet/loads').at(-1)!
      expect(last.searchParams.get('q')).toBe('Denver')
      expect(last.searchParams.get('status')).toBe('at_pickup,loaded,in_transit,at_delivery')
    }, { timeout: 5000 })
    await waitFor(() =>
      expect(screen.getByRole('link', { name: s.exportCsv })).toHaveAttribute(
        'href',
        '/api/fleet/loads/export.csv?status=at_pickup%2Cloaded%2Cin_transit%2Cat_delivery&q=Denver',
      ),
      { timeout: 5000 },
    )
  })

  it('says there are no loads yet and offers to create one', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/loads': { status: 200, body: { loads: [], total: 0, counts: [] } },
    })
    render('/fleet-dashboard/loads')
    expect(await screen.findByText(s.emptyTitle, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: s.newLoad }).at(-1)).toHaveAttribute('href', '/fleet-dashboard/loads/new')
  })

  it('shows a load’s stops on their clocks, the late arrival, the proposed detention, money and history', async () => {
    const posted: unknown[] = []
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/loads/load-1': { status: 200, body: load() },
      'POST /api/fleet/loads/load-1/status': (_, init) => {
        posted.push(JSON.parse(String(init?.body)))
        return { status: 200, body: load({ status: 'delivered' }) }
      },
    })
    render('/fleet-dashboard/loads/load-1')

    expect(await screen.findByRole('heading', { name: 'PRO 1001', level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    const pickup = screen.getByRole('listitem', { name: 'Stop 1' })
    // 14:30 UTC is 08:30 in Chicago, past the 08:00 appointment.
    expect(within(pickup).getByText(/Mar 2, 08:30 CST/)).toBeInTheDocument()
    expect(within(pickup).getByText(s.detail.late)).toBeInTheDocument()
    expect(within(pickup).getByText(/Detention proposed: \$125/)).toBeInTheDocument()
    const delivery = screen.getByRole('listitem', { name: 'Stop 2' })
    expect(within(delivery).getByText(/Mar 3, 06:00 MST – Mar 3, 14:00 MST/)).toBeInTheDocument()
    expect(within(delivery).queryByText(s.detail.late)).not.toBeInTheDocument()
    expect(within(delivery).getByRole('button', { name: s.detail.recordUnloaded })).toBeInTheDocument()
    expect(within(delivery).getByRole('button', { name: s.detail.recordDeparted })).toBeInTheDocument()

    expect(screen.getByText('$2,375.00')).toBeInTheDocument()
    expect(screen.getByText('$2,000.00')).toBeInTheDocument()
    expect(screen.getByText(texts.loads.milesEstimated)).toBeInTheDocument()
    expect(screen.getByText('$4.75')).toBeInTheDocument()
    expect(screen.getByText('X1')).toBeInTheDocument()
    // The stop event on the delivery's clock (Denver), the creation in the fleet's zone (Chicago).
    expect(screen.getByText('Mar 3, 2026, 8:00 AM MST')).toBeInTheDocument()
    expect(screen.getByText('Mar 1, 2026, 6:00 AM CST')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: s.detail.loadSheet })).toHaveAttribute('href', '/api/fleet/loads/load-1/sheet.pdf')
    expect(screen.queryByRole('link', { name: s.detail.assign })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: s.detail.statusActions.delivered }))
    await waitFor(() => expect(posted).toEqual([{ status: 'delivered' }]), { timeout: 5000 })
    expect(await screen.findByText(s.status.delivered, { selector: 'span' }, { timeout: 5000 })).toBeInTheDocument()
  })

  it('shows the server’s 422 next to the field it names', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/customers': { status: 200, body: { customers: [customer] } },
      'GET /api/fleet/facilities': {
        status: 200,
        body: { facilities: [facility('f-1', 'Fresh Farms DC', 'America/Chicago'), facility('f-2', 'Kroger Denver', 'America/Denver')] },
      },
      'POST /api/fleet/loads': {
        status: 422,
        body: { error: { code: 'invalid', message: 'Check the fields', fields: { 'stops.1.appointment': texts.loads.stopBeforePrevious, linehaul_cents: texts.loads.amountTooLarge } } },
      },
    })
    render('/fleet-dashboard/loads/new')

    const f = s.form
    await userEvent.selectOptions(await screen.findByLabelText(f.customer, {}, { timeout: 5000 }), 'customer-1')
    await userEvent.type(screen.getByLabelText(f.loadNumber), 'L-7')
    await userEvent.type(screen.getByLabelText(f.linehaul), '99999999')
    const first = screen.getByRole('listitem', { name: 'Stop 1' })
    const second = screen.getByRole('listitem', { name: 'Stop 2' })
    await userEvent.selectOptions(within(first).getByLabelText(f.facility), 'f-1')
    await userEvent.type(within(first).getByLabelText(f.appointmentAt), '2026-03-03T08:00')
    await userEvent.selectOptions(within(second).getByLabelText(f.facility), 'f-2')
    await userEvent.type(within(second).getByLabelText(f.appointmentAt), '2026-03-02T08:00')
    await userEvent.click(screen.getByRole('button', { name: f.save }))

    expect(await within(second).findByText(texts.loads.stopBeforePrevious, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText(texts.loads.amountTooLarge)).toBeInTheDocument()
    expect(screen.getByLabelText(f.linehaul)).toHaveAttribute('aria-invalid', 'true')
  })

  it('reads a rate con dropped on the list into a draft to review: badges, missing terms, a facility to add, the upload saved with the load', async () => {
    let sent: Record<string, unknown> | undefined
    let uploaded: FormData | undefined
    const facilities = [facility('f-2', 'Kroger Denver', 'America/Denver')]
    const draftStop = {
      kind: 'pickup',
      facility_name: 'Fresh Farms DC',
      address: '100 Farm Rd',
      city: 'Salinas',
      state: 'CA',
      zip: '93901',
      facility_id: null,
      appointment: '2026-03-02T08:00:00',
      window_start: null,
      window_end: null,
      time_zone: null,
      instructions: null,
    }
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/loads': { status: 200, body: { loads: [], total: 0, counts: [] } },
      'GET /api/fleet/customers': { status: 200, body: { customers: [customer] } },
      'GET /api/fleet/facilities': () => ({ status: 200, body: { facilities } }),
      'POST /api/fleet/loads/rate-con': (_, init) => {
        uploaded = init?.body as FormData
        return {
          status: 200,
          body: {
            has_text: true,
            message: null,
            upload_id: 'upload-9',
            draft: {
              customer_id: 'customer-1',
              customer_name: 'Echo Global Logistics',
              customer_mc: '123456',
              customer_usdot: null,
              load_number: 'EC-55012',
              bol_number: null,
              po_number: null,
              pickup_number: null,
              equipment_type: 'van',
              length_ft: 53,
              reefer_temp_f: null,
              commodity: null,
              weight_lbs: null,
              pieces: null,
              rate_method: 'flat',
              linehaul_cents: 240000,
              rate_per_mile_cents: null,
              fuel_surcharge_cents: null,
              detention_free_minutes: null,
              detention_rate_cents: null,
              detention_cap_cents: null,
              tonu_cents: null,
              tonu_window_hours: null,
              lumper_terms: 'Lumper paid by broker',
              stops: [
                draftStop,
                { ...draftStop, kind: 'delivery', facility_name: 'Kroger Denver', facility_id: 'f-2', appointment: '2026-03-04T10:00:00' },
              ],
            },
            from_rate_con: ['customer_name', 'load_number', 'linehaul_cents', 'lumper_terms'],
            missing_terms: ['detention', 'tonu'],
          },
        }
      },
      'POST /api/fleet/facilities': (_, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, string>
        const created = { ...facility('f-9', body.name!, body.time_zone!), city: body.city!, state: body.state! }
        facilities.push(created)
        return { status: 201, body: created }
      },
      'POST /api/fleet/loads': (_, init) => {
        sent = JSON.parse(String(init?.body)) as Record<string, unknown>
        return { status: 201, body: load({ id: 'load-9', pro_number: 1009, status: 'accepted' }) }
      },
      'GET /api/fleet/loads/load-9': { status: 200, body: load({ id: 'load-9', pro_number: 1009, status: 'accepted' }) },
    })
    render('/fleet-dashboard/loads')
    await screen.findByText(s.emptyTitle, {}, { timeout: 5000 })
    const pdf = new File(['%PDF-1.4'], 'ratecon.pdf', { type: 'application/pdf' })
    await userEvent.upload(screen.getAllByTestId('rate-con-input')[0]!, pdf)

    const f = s.form
    expect(await screen.findByRole('heading', { name: f.fromRateConTitle, level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    expect((uploaded?.get('file') as File).name).toBe('ratecon.pdf')
    expect(screen.getByText('The rate confirmation leaves out: detention, TONU')).toBeInTheDocument()
    expect(screen.getByLabelText(f.loadNumber)).toHaveValue('EC-55012')
    expect(screen.getByLabelText(f.linehaul)).toHaveValue('2400')
    expect(screen.getByLabelText(f.customer)).toHaveValue('customer-1')
    // Badges on the customer, load number, linehaul, lumper terms and the unmatched facility.
    expect(screen.getAllByText(f.fromRateCon)).toHaveLength(5)

    const pickup = screen.getByRole('listitem', { name: 'Stop 1' })
    expect(within(pickup).getByText('On the rate con: Fresh Farms DC, Salinas, CA')).toBeInTheDocument()
    await userEvent.click(within(pickup).getByRole('button', { name: f.addThisFacility }))
    const dialog = await screen.findByRole('dialog', { name: f.newFacilityTitle }, { timeout: 5000 })
    expect(within(dialog).getByLabelText(f.facilityName)).toHaveValue('Fresh Farms DC')
    expect(within(dialog).getByLabelText(f.timeZone)).toHaveValue('America/Los_Angeles')
    await userEvent.click(within(dialog).getByRole('button', { name: f.saveFacility }))
    await waitFor(
      () => expect(within(screen.getByRole('listitem', { name: 'Stop 1' })).getByLabelText(f.facility)).toHaveValue('f-9'),
      { timeout: 5000 },
    )

    await userEvent.click(screen.getByRole('button', { name: f.save }))
    expect(await screen.findByRole('heading', { name: 'PRO 1009', level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    expect(sent).toMatchObject({
      rate_con_upload_id: 'upload-9',
      lumper_terms: 'Lumper paid by broker',
      load_number: 'EC-55012',
      linehaul_cents: 240000,
      stops: [
        { kind: 'pickup', facility_id: 'f-9', appointment: '2026-03-02T08:00:00' },
        { kind: 'delivery', facility_id: 'f-2', appointment: '2026-03-04T10:00:00' },
      ],
    })
  })
})
