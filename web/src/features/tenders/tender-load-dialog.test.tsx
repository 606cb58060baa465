import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { format } from '@/lib/texts'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import TenderLoadButton from './tender-load-dialog'
import { tenderView } from './tender-test-fixtures'

const f = texts.loads.screens.form
const t = texts.tenderScreens.form

const facility = (id: string, name: string, city: string) => ({
  id,
  name,
  address: '1 Main St',
  city,
  state: 'IL',
  zip: null,
  time_zone: 'America/Chicago',
  lat: 41.8,
  lon: -87.6,
  contact_name: null,
  contact_phone: null,
  hours: null,
  arrival_radius_miles: 0.5,
})

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('the Tender load dialog', () => {
  it('sends the offer in cents with its defaults and goes to the tenders', async () => {
    const fetchMock = stubFetch({
      'GET /api/broker/facilities': {
        status: 200,
        body: { facilities: [facility('fac-1', 'Mill A', 'Chicago'), facility('fac-2', 'DC B', 'Joliet')] },
      },
      'POST /api/broker/tenders': { status: 201, body: tenderView() },
    })
    const ui = userEvent.setup()
    renderAt(
      '/broker/board',
      '/broker/board',
      <TenderLoadButton posting={{ id: 'posting-1', carrierName: 'Prairie Freight LLC', equipmentType: 'van', lengthFt: 53 }} />,
    )
    await ui.click(screen.getByRole('button', { name: t.open }))
    const dialog = within(await screen.findByRole('dialog'))
    await dialog.findByText(format(f.stopN, { n: 1 }))

    const facilities = dialog.getAllByLabelText(f.facility)
    await ui.selectOptions(facilities[0], 'fac-1')
    await ui.selectOptions(facilities[1], 'fac-2')
    const times = dialog.getAllByLabelText(f.appointmentAt)
    fireEvent.change(times[0], { target: { value: '2026-03-02T08:00' } })
    fireEvent.change(times[1], { target: { value: '2026-03-03T09:30' } })
    await ui.type(dialog.getByLabelText(f.linehaul), '2,200')
    await ui.type(dialog.getByLabelText(f.fuelSurcharge), '199.99')
    await ui.type(dialog.getByLabelText(f.loadNumber), 'BRK-1001')
    expect(dialog.getByText('Total: $2,399.99')).toBeInTheDocument()
    await ui.click(dialog.getByRole('button', { name: t.submit }))

    expect(await screen.findByText('elsewhere')).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      posting_id: 'posting-1',
      load_number: 'BRK-1001',
      equipment_type: 'van',
      length_ft: 53,
      linehaul_cents: 220000,
      fuel_surcharge_cents: 19999,
      payment_terms_days: 30,
      expires_in_minutes: 120,
      share_position: true,
      stops: [
        { kind: 'pickup', facility_id: 'fac-1', appointment: '2026-03-02T08:00:00' },
        { kind: 'delivery', facility_id: 'fac-2', appointment: '2026-03-03T09:30:00' },
      ],
    })
  })

  it('marks what is missing without sending', async () => {
    const fetchMock = stubFetch({ 'GET /api/broker/facilities': { status: 200, body: { facilities: [] } } })
    const ui = userEvent.setup()
    renderAt(
      '/broker/board',
      '/broker/board',
      <TenderLoadButton posting={{ id: 'posting-1', carrierName: 'Prairie Freight LLC', equipmentType: 'van', lengthFt: null }} />,
    )
    await ui.click(screen.getByRole('button', { name: t.open }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(await dialog.findByText(t.noFacilities)).toBeInTheDocument()
    await ui.click(dialog.getByRole('button', { name: t.submit }))
    await waitFor(() => expect(dialog.getByText(f.fixErrors)).toBeInTheDocument())
    expect(dialog.getAllByText(t.chooseFacility)).toHaveLength(2)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })
})

