import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { Posting } from './api/types'
import { MyPostingsPage } from './my-postings-page'

const b = texts.board
const p = texts.board.postings

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

function posting(overrides: Partial<Posting> = {}): Posting {
  return {
    id: 'posting-1',
    vehicle_id: 'truck-1',
    truck_number: 'Unit 101',
    status: 'active',
    origin: { label: 'Chicago, IL', city: 'Chicago', state: 'IL', zip: null, lat: 41.88, lon: -87.63 },
    location_source: 'typed',
    location_updated_at: null,
    available_from: '2026-11-24',
    available_to: '2026-11-27',
    equipment_type: 'van',
    length_ft: 53,
    weight_lbs: 45000,
    destinations: ['TX', 'OK'],
    rate_per_mile_cents: 250,
    notes: null,
    posted_at: hoursAgo(3),
    updated_at: hoursAgo(3),
    ...overrides,
  }
}

const eldPosting = posting({
  id: 'posting-2',
  vehicle_id: 'truck-2',
  truck_number: 'Unit 202',
  origin: { label: 'near Joliet, IL', city: 'Joliet', state: 'IL', zip: null, lat: 41.52, lon: -88.08 },
  location_source: 'eld',
  location_updated_at: hoursAgo(2),
  equipment_type: 'reefer',
  length_ft: null,
  weight_lbs: null,
  destinations: [],
  rate_per_mile_cents: null,
  posted_at: hoursAgo(26),
})

const render = (path = '/fleet-dashboard/postings') =>
  renderAt(path, '/fleet-dashboard/postings', <MyPostingsPage />)

describe('My Postings', () => {
  it('lists the active postings with their place, window, equipment, destinations, rate and age', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/postings': { status: 200, body: { postings: [posting(), eldPosting] } },
    })
    render()

    expect(screen.getByRole('heading', { name: b.myPostings, level: 1 })).toBeInTheDocument()
    const rows = await screen.findAllByTestId('posting-row')
    expect(rows).toHaveLength(2)
    expect(getsOf(fetchMock, '/api/fleet/postings')[0].searchParams.get('status')).toBe('active')
    expect(screen.getByRole('tab', { name: p.active })).toHaveAttribute('aria-selected', 'true')

    const typed = within(rows[0])
    expect(typed.getByText('Unit 101')).toBeInTheDocument()
    expect(typed.getByText('Chicago, IL')).toBeInTheDocument()
    expect(typed.getByText(b.locationSource.typed)).toBeInTheDocument()
    expect(typed.getByText('Nov 24, 2026 – Nov 27, 2026')).toBeInTheDocument()
    expect(typed.getByText('Dry Van · 53 ft · 45,000 lbs')).toBeInTheDocument()
    expect(typed.getByText('TX, OK')).toBeInTheDocument()
    expect(typed.getByText('$2.50/mi')).toBeInTheDocument()
    expect(typed.getByText('3 hours ago')).toBeInTheDocument()
    expect(typed.getByText(b.status.active)).toBeInTheDocument()
    expect(typed.getByRole('button', { name: 'Edit Unit 101' })).toHaveTextContent(p.edit)
    expect(typed.getByRole('button', { name: 'Withdraw Unit 101' })).toHaveTextContent(p.withdraw)

    const eld = within(rows[1])
    expect(eld.getByText('near Joliet, IL')).toBeInTheDocument()
    expect(eld.getByText('Last ELD position, updated 2 hours ago')).toBeInTheDocument()
    expect(eld.getByText('Reefer')).toBeInTheDocument()
    expect(eld.getByText(b.destinationsOpen)).toBeInTheDocument()
    expect(eld.getByText(p.noRate)).toBeInTheDocument()
    expect(eld.getByText('1 day ago')).toBeInTheDocument()
  })

  it('shows the ended postings on their tab, without actions', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/postings': (url) => ({
        status: 200,
        body: {
          postings:
            url.searchParams.get('status') === 'ended'
              ? [posting({ status: 'withdrawn' }), posting({ id: 'posting-3', truck_number: 'Unit 303', status: 'expired' })]
              : [],
        },
      }),
    })
    render()
    expect(await screen.findByText(b.postingsEmpty)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: p.ended }))
    const rows = await screen.findAllByTestId('posting-row')
    expect(getsOf(fetchMock, '/api/fleet/postings').at(-1)?.searchParams.get('status')).toBe('ended')
    expect(within(rows[0]).getByText(b.status.withdrawn)).toBeInTheDocument()
    expect(within(rows[1]).getByText(b.status.expired)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Withdraw / })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument()
  })

  it('says so when no posting has ended', async () => {
    stubFetch({ 'GET /api/fleet/postings': { status: 200, body: { postings: [] } } })
    render('/fleet-dashboard/postings?tab=ended')
    expect(await screen.findByText(p.endedEmpty)).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: p.ended })).toHaveAttribute('aria-selected', 'true')
  })

  it('shows a failed load with a retry that asks again', async () => {
    let calls = 0
    stubFetch({
      'GET /api/fleet/postings': () => {
        calls += 1
        return calls === 1
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: { postings: [posting()] } }
      },
    })
    render()

    expect(await screen.findByText(p.loadFailed)).toBeInTheDocument()
    expect(screen.getByText('Something went wrong')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: p.retry }))
    expect(await screen.findByText('Unit 101')).toBeInTheDocument()
    expect(screen.queryByText(p.loadFailed)).not.toBeInTheDocument()
  })

  it('withdraws a posting after confirmation and reads the list again', async () => {
    let withdrawn = false
    const fetchMock = stubFetch({
      'GET /api/fleet/postings': () => ({ status: 200, body: { postings: withdrawn ? [] : [posting()] } }),
      'POST /api/fleet/postings/posting-1/withdraw': () => {
        withdrawn = true
        return { status: 200, body: posting({ status: 'withdrawn' }) }
      },
    })
    render()

    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw Unit 101' }))
    const confirm = await screen.findByRole('alertdialog', { name: b.withdrawConfirm })
    // Cancel first: nothing is sent.
    await userEvent.click(within(confirm).getByRole('button', { name: p.cancel }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
    expect(screen.getByRole('button', { name: 'Withdraw Unit 101' })).toHaveFocus()

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw Unit 101' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: p.withdraw }))

    expect(await screen.findByText(b.withdrawn)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(await screen.findByText(b.postingsEmpty)).toBeInTheDocument()
  })

  it('opens the dialog to post a truck, with a truck select, and to edit a posting', async () => {
    stubFetch({
      'GET /api/fleet/postings': { status: 200, body: { postings: [posting()] } },
      'GET /api/fleet/trucks': { status: 200, body: { items: [], total: 0, page: 1, per_page: 200, counts: { active: 0, inactive: 0 } } },
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
    })
    render()

    await userEvent.click(screen.getByRole('button', { name: b.postButton }))
    const dialog = await screen.findByRole('dialog', { name: b.postTitle })
    expect(within(dialog).getByRole('combobox', { name: b.postForm.truck })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: b.postForm.cancel }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Unit 101' }))
    const edit = await screen.findByRole('dialog', { name: b.editTitle })
    expect(within(edit).getByLabelText(b.postForm.truck)).toHaveValue('Unit 101')
    expect(within(edit).getByRole('button', { name: b.postForm.save })).toBeInTheDocument()
  })
})
