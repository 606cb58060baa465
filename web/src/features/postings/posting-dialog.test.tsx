import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { page, stubFetch, truck } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { Posting, PostingInput, TruckChoice } from './api/types'
import { isoDay } from './posting-form'
import { PostingDialog } from './posting-dialog'

const b = texts.board
const f = texts.board.postForm

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
const joliet = { label: 'near Joliet, IL', lat: 41.52, lon: -88.08, reported_at: hoursAgo(2) }

function savedPosting(overrides: Partial<Posting> = {}): Posting {
  const today = isoDay(new Date())
  return {
    id: 'posting-1',
    vehicle_id: 'truck-1',
    truck_number: 'Unit 101',
    status: 'active',
    origin: { label: 'Chicago, IL', city: 'Chicago', state: 'IL', zip: null, lat: 41.88, lon: -87.63 },
    location_source: 'typed',
    location_updated_at: null,
    available_from: today,
    available_to: today,
    equipment_type: 'reefer',
    length_ft: 53,
    weight_lbs: 44000,
    destinations: ['TX'],
    rate_per_mile_cents: 305,
    notes: 'Team drivers',
    posted_at: hoursAgo(5),
    updated_at: hoursAgo(5),
    ...overrides,
  }
}

function Harness({ truck, posting, onClosed }: { truck?: TruckChoice; posting?: Posting; onClosed?: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <PostingDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) onClosed?.()
        }}
        truck={truck}
        posting={posting}
      />
    </>
  )
}

const render = (props: Parameters<typeof Harness>[0] = {}) => renderAt('/', '/', <Harness {...props} />)

/** The JSON body of the first request with this method and path. */
function bodyOf(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): PostingInput | undefined {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  )
  return call ? (JSON.parse(String(call[1]?.body)) as PostingInput) : undefined
}

async function fillRequired() {
  await userEvent.selectOptions(screen.getByLabelText(f.equipmentType), 'van')
}

// Whole forms typed key by key: slow on a busy two-core machine.
describe('the posting dialog', { timeout: 20_000 }, () => {
  it("posts a truck opened from the Trucks list at its last ELD position, the rate in cents", async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: joliet } },
      'POST /api/fleet/postings': { status: 201, body: savedPosting({ location_source: 'eld' }) },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })

    const dialog = await screen.findByRole('dialog', { name: b.postTitle })
    expect(within(dialog).getByLabelText(f.truck)).toHaveValue('Unit 101')
    expect(await within(dialog).findByText('near Joliet, IL, reported 2 hours ago')).toBeInTheDocument()
    // A typed place by default, with today and the next three days.
    expect(screen.getByRole('radio', { name: b.locationSource.typed })).toBeChecked()
    expect(screen.getByRole('combobox', { name: f.currentLocation })).toBeInTheDocument()
    const today = new Date()
    expect(screen.getByLabelText(b.search.availableFrom)).toHaveValue(isoDay(today))
    expect(screen.getByLabelText(b.search.availableTo)).toHaveValue(isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 3)))
    expect(screen.getByRole('checkbox', { name: b.destinationsOpen })).toBeChecked()

    const eld = screen.getByRole('radio', { name: b.locationSource.eld })
    expect(eld).toBeEnabled()
    expect(eld).toHaveAccessibleDescription('near Joliet, IL, reported 2 hours ago')
    await userEvent.click(eld)
    expect(screen.queryByRole('combobox', { name: f.currentLocation })).not.toBeInTheDocument()

    await fillRequired()
    await userEvent.type(screen.getByLabelText(f.lengthFt), '53')
    await userEvent.type(screen.getByLabelText(f.weightLbs), '45,000')
    await userEvent.type(screen.getByLabelText(f.rate), '2.35')
    const destinations = screen.getByRole('group', { name: f.destinations })
    await userEvent.click(within(destinations).getByRole('checkbox', { name: 'TX' }))
    await userEvent.click(within(destinations).getByRole('checkbox', { name: 'OK' }))
    expect(within(destinations).getByRole('checkbox', { name: b.destinationsOpen })).not.toBeChecked()
    await userEvent.type(screen.getByLabelText(f.notes), ' Drop and hook ')
    await userEvent.click(screen.getByRole('button', { name: f.submit }))

    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'))
    expect(await screen.findByText(b.posted)).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'POST', '/api/fleet/postings')).toEqual({
      vehicle_id: 'truck-1',
      location_source: 'eld',
      origin: null,
      available_from: isoDay(today),
      available_to: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 3)),
      equipment_type: 'van',
      length_ft: 53,
      weight_lbs: 45000,
      // In the list's order, not the order they were ticked in.
      destinations: ['OK', 'TX'],
      rate_per_mile_cents: 235,
      notes: 'Drop and hook',
    })
  })

  it('offers no ELD position when the truck has none, and needs a typed place', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })

    expect(await screen.findByText(b.eldLocationNone)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: b.locationSource.eld })).toBeDisabled()

    await fillRequired()
    await userEvent.click(screen.getByRole('button', { name: f.submit }))
    const place = screen.getByRole('combobox', { name: f.currentLocation })
    expect(await screen.findByText(b.originRequired)).toBeInTheDocument()
    expect(place).toHaveAttribute('aria-invalid', 'true')
    expect(place).toHaveAccessibleDescription(b.originRequired)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('checks the window before sending: in order, at most 30 days', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })
    await fillRequired()
    await userEvent.type(screen.getByRole('combobox', { name: f.currentLocation }), 'Chicago, IL')

    const from = screen.getByLabelText(b.search.availableFrom)
    const to = screen.getByLabelText(b.search.availableTo)
    const day = (offset: number) => {
      const now = new Date()
      return isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset))
    }
    await userEvent.clear(from)
    await userEvent.type(from, day(5))
    await userEvent.clear(to)
    await userEvent.type(to, day(2))
    await userEvent.click(screen.getByRole('button', { name: f.submit }))
    expect(await screen.findByText(b.windowInvalid)).toBeInTheDocument()
    expect(to).toHaveAttribute('aria-invalid', 'true')

    await userEvent.clear(to)
    await userEvent.type(to, day(36))
    expect(await screen.findByText(b.windowTooLong)).toBeInTheDocument()
    expect(screen.queryByText(b.windowInvalid)).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it("offers the fleet's trucks when opened without one, and needs one chosen", async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/trucks': (url) => ({
        status: 200,
        body:
          url.searchParams.get('tab') === 'inactive'
            ? page([truck({ id: 'truck-10', name: 'Unit 10', status: 'inactive' })])
            : page([truck({ id: 'truck-9', name: 'Unit 9' }), truck({ id: 'truck-x', name: null })]),
      }),
      'GET /api/fleet/vehicles/truck-9/position': { status: 200, body: { position: joliet } },
      'POST /api/fleet/postings': { status: 201, body: savedPosting() },
    })
    render()

    const select = screen.getByRole('combobox', { name: f.truck })
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4))
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      f.chooseTruck,
      'Unit 9',
      'Unit 10',
      texts.fleet.assets.unnamedTruck,
    ])
    expect(screen.getByText(f.eldChooseTruck)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: b.locationSource.eld })).toBeDisabled()

    await fillRequired()
    await userEvent.type(screen.getByRole('combobox', { name: f.currentLocation }), 'Chicago IL')
    await userEvent.click(screen.getByRole('button', { name: f.submit }))
    expect(await screen.findByText(f.truckRequired)).toBeInTheDocument()

    await userEvent.selectOptions(select, 'truck-9')
    expect(await screen.findByText('near Joliet, IL, reported 2 hours ago')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: b.locationSource.eld })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: f.submit }))

    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'))
    expect(bodyOf(fetchMock, 'POST', '/api/fleet/postings')).toMatchObject({
      vehicle_id: 'truck-9',
      location_source: 'typed',
      origin: 'Chicago IL',
      destinations: [],
      length_ft: null,
      weight_lbs: null,
      rate_per_mile_cents: null,
      notes: null,
    })
  })

  it("shows the server's field errors next to their fields and stays open", async () => {
    stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
      'POST /api/fleet/postings': {
        status: 422,
        body: {
          error: {
            code: 'validation',
            message: 'Check the highlighted fields',
            fields: { origin: b.originUnknown, rate_per_mile_cents: 'Too high' },
          },
        },
      },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })
    await fillRequired()
    await userEvent.type(screen.getByRole('combobox', { name: f.currentLocation }), 'Nowhere, ZZ')
    await userEvent.type(screen.getByLabelText(f.rate), '99')
    await userEvent.click(screen.getByRole('button', { name: f.submit }))

    expect(await screen.findByText(b.originUnknown)).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: f.currentLocation })).toHaveAccessibleDescription(b.originUnknown)
    expect(screen.getByLabelText(f.rate)).toHaveAccessibleDescription('Too high')
    expect(screen.getByTestId('state')).toHaveTextContent('open')
    expect(screen.getByRole('button', { name: f.submit })).toBeEnabled()
  })

  it('edits a posting: its fields filled in, Save changes sends a PATCH', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: joliet } },
      'PATCH /api/fleet/postings/posting-1': { status: 200, body: savedPosting() },
    })
    render({ posting: savedPosting() })

    const dialog = await screen.findByRole('dialog', { name: b.editTitle })
    expect(within(dialog).getByLabelText(f.truck)).toHaveValue('Unit 101')
    expect(screen.getByRole('combobox', { name: f.currentLocation })).toHaveValue('Chicago, IL')
    expect(screen.getByLabelText(f.equipmentType)).toHaveValue('reefer')
    expect(screen.getByLabelText(f.rate)).toHaveValue('3.05')
    expect(screen.getByRole('checkbox', { name: 'TX' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: b.destinationsOpen })).not.toBeChecked()

    // Open again clears the states.
    await userEvent.click(screen.getByRole('checkbox', { name: b.destinationsOpen }))
    expect(screen.getByRole('checkbox', { name: 'TX' })).not.toBeChecked()
    await userEvent.clear(screen.getByLabelText(f.rate))
    await userEvent.type(screen.getByLabelText(f.rate), '3.1')
    await userEvent.click(screen.getByRole('button', { name: f.save }))

    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'))
    expect(await screen.findByText(b.updated)).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'PATCH', '/api/fleet/postings/posting-1')).toMatchObject({
      vehicle_id: 'truck-1',
      location_source: 'typed',
      origin: 'Chicago, IL',
      destinations: [],
      rate_per_mile_cents: 310,
      notes: 'Team drivers',
    })
  })

  it('closes the place list on Escape without closing the dialog', async () => {
    stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
      'GET /api/places': {
        status: 200,
        body: { places: [{ label: 'Chicago, IL', city: 'Chicago', state: 'IL', zip: null, lat: 41.88, lon: -87.63 }] },
      },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })
    await userEvent.type(screen.getByRole('combobox', { name: f.currentLocation }), 'chi')
    await screen.findByRole('listbox')

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(screen.getByTestId('state')).toHaveTextContent('open')

    await userEvent.keyboard('{Escape}')
    expect(screen.getByTestId('state')).toHaveTextContent('closed')
  })
  it('says in the dialog that the truck already has an active posting', async () => {
    stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
      'POST /api/fleet/postings': {
        status: 409,
        body: { error: { code: 'truck_already_posted', message: b.alreadyPosted } },
      },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })
    await fillRequired()
    await userEvent.type(screen.getByRole('combobox', { name: f.currentLocation }), 'Chicago, IL')
    await userEvent.click(screen.getByRole('button', { name: f.submit }))

    expect(await screen.findByTestId('posting-error')).toHaveTextContent(b.alreadyPosted)
    expect(screen.getByTestId('state')).toHaveTextContent('open')
  })

  it('closes when the edited posting has ended meanwhile', async () => {
    stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
      'PATCH /api/fleet/postings/posting-1': {
        status: 409,
        body: { error: { code: 'posting_not_active', message: b.notActive } },
      },
    })
    render({ posting: savedPosting() })
    await userEvent.click(await screen.findByRole('button', { name: f.save }))

    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'))
    expect(await screen.findByText(b.notActive)).toBeInTheDocument()
  })

  it("leaves a read-only fleet's refusal to the fleet shell", async () => {
    stubFetch({
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
      'POST /api/fleet/postings': {
        status: 403,
        body: { error: { code: 'read_only', message: 'Your subscription is past due: the dashboard is read-only.' } },
      },
    })
    render({ truck: { id: 'truck-1', name: 'Unit 101' } })
    await fillRequired()
    await userEvent.type(screen.getByRole('combobox', { name: f.currentLocation }), 'Chicago, IL')
    await userEvent.click(screen.getByRole('button', { name: f.submit }))

    await waitFor(() => expect(screen.getByRole('button', { name: f.submit })).toBeEnabled())
    expect(screen.queryByText(f.saveFailed)).not.toBeInTheDocument()
    expect(screen.queryByTestId('posting-error')).not.toBeInTheDocument()
    expect(screen.getByTestId('state')).toHaveTextContent('open')
  })
})
