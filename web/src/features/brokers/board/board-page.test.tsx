import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { boardResult, hoursAgo, searchPage } from '../broker-test-fixtures'
import BoardPage from './board-page'

const b = texts.board
const s = b.search
const SEARCH = '/api/broker/board/search'

function Location() {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  )
}

const render = (search = '') =>
  renderAt(
    `/broker/board${search}`,
    '/broker/board',
    <>
      <BoardPage />
      <Location />
    </>,
  )

const location = () => screen.getByTestId('location').textContent ?? ''
const params = () => new URL(location(), 'http://localhost').searchParams

// jsdom has no scrollIntoView: the tests that follow the page's scrolling spy on this one.
Element.prototype.scrollIntoView ??= function scrollIntoView() {}

beforeEach(() => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('truck board search', () => {
  it('starts with the start text and checks the origin before asking', async () => {
    const fetchMock = stubFetch({})
    const ui = userEvent.setup()
    render()

    expect(screen.getByRole('heading', { name: s.title, level: 1 })).toBeInTheDocument()
    expect(screen.getByText(s.start)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: s.saveSearch })).not.toBeInTheDocument()
    expect(screen.getByLabelText(s.radius)).toHaveValue(100)

    await ui.click(screen.getByRole('button', { name: s.submit }))
    expect(await screen.findByText(b.originRequired)).toBeInTheDocument()
    expect(screen.getByLabelText(s.origin)).toHaveAttribute('aria-invalid', 'true')

    await ui.type(screen.getByLabelText(s.origin), 'Chicago, IL')
    await ui.clear(screen.getByLabelText(s.radius))
    await ui.type(screen.getByLabelText(s.radius), '500')
    await ui.click(screen.getByRole('button', { name: s.submit }))
    expect(await screen.findByText(b.radiusInvalid)).toBeInTheDocument()
    expect(getsOf(fetchMock, SEARCH)).toHaveLength(0)
  })

  it('writes the criteria into the URL and asks the server with them', async () => {
    const fetchMock = stubFetch({ [`GET ${SEARCH}`]: { status: 200, body: searchPage([boardResult()]) } })
    const ui = userEvent.setup()
    render()

    await ui.type(screen.getByLabelText(s.origin), 'Chicago, IL')
    await ui.clear(screen.getByLabelText(s.radius))
    await ui.type(screen.getByLabelText(s.radius), '250')
    await ui.click(screen.getByLabelText('Dry Van'))
    await ui.click(screen.getByLabelText('Reefer'))
    await ui.click(screen.getByRole('button', { name: new RegExp(s.destinations) }))
    await ui.click(await screen.findByLabelText('TX'))
    await ui.click(screen.getByLabelText('OK'))
    await ui.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: `${s.destinations} OK, TX` })).toBeInTheDocument()
    await ui.selectOptions(screen.getByLabelText(s.maxAge), '48 hours')
    await ui.click(screen.getByLabelText(s.includeNotAllowed))
    await ui.click(screen.getByRole('button', { name: s.submit }))

    expect(await screen.findByText('12.5 mi deadhead')).toBeInTheDocument()
    expect(Object.fromEntries(params())).toEqual({
      origin: 'Chicago, IL',
      radius_mi: '250',
      destinations: 'OK,TX',
      equipment: 'van,reefer',
      max_age_hours: '48',
      include_not_allowed: 'true',
    })
    const asked = getsOf(fetchMock, SEARCH)[0].searchParams
    expect(asked.get('origin')).toBe('Chicago, IL')
    expect(asked.get('equipment')).toBe('van,reefer')
    expect(asked.get('page')).toBe('1')
  })

  it('scrolls down to the results after a search on a phone, where the form fills the screen', async () => {
    stubFetch({ [`GET ${SEARCH}`]: { status: 200, body: searchPage([boardResult()]) } })
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false, // no min-width query matches: a phone
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    const scrolled: Element[] = []
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this)
    })
    const ui = userEvent.setup()
    render()

    await ui.click(screen.getByLabelText(s.origin))
    await ui.paste('Chicago, IL')
    await ui.click(screen.getByRole('button', { name: s.submit }))
    const result = await screen.findByText('12.5 mi deadhead', undefined, { timeout: 10_000 })
    await waitFor(() => expect(scrolled.some((element) => element.contains(result))).toBe(true))
  }, 30_000)

  it('does not move the page after a search on a wide screen', async () => {
    stubFetch({ [`GET ${SEARCH}`]: { status: 200, body: searchPage([boardResult()]) } })
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {})
    const ui = userEvent.setup()
    render()

    await ui.click(screen.getByLabelText(s.origin))
    await ui.paste('Chicago, IL')
    await ui.click(screen.getByRole('button', { name: s.submit }))
    await screen.findByText('12.5 mi deadhead', undefined, { timeout: 10_000 })
    expect(scroll).not.toHaveBeenCalled()
  }, 30_000)

  it('shows the results in the server order with their badges', async () => {
    const near = boardResult()
    const far = boardResult({
      id: 'posting-2',
      deadhead_mi: 88,
      equipment_type: 'reefer',
      destinations: [],
      rate_per_mile_cents: null,
      posted_at: hoursAgo(30),
      carrier: { ...near.carrier, carrier_id: 'c2c2c2c2', legal_name: 'Cold Chain Inc', mc_number: null },
      badges: {
        approved: false,
        eld_location_updated_at: null,
        insurance_on_file: false,
        authority_active: false,
        not_allowed_to_operate: true,
        loads_delivered: 0,
        on_time_pickup_pct: null,
        on_time_delivery_pct: null,
        on_time_from_eld: false,
        committed_elsewhere: true,
      },
    })
    stubFetch({ [`GET ${SEARCH}`]: { status: 200, body: searchPage([near, far]) } })
    render('?origin=Chicago%2C+IL')

    const items = await screen.findAllByTestId('board-result')
    expect(items).toHaveLength(2)
    const first = within(items[0])
    expect(first.getByText('12.5 mi deadhead')).toBeInTheDocument()
    expect(first.getByText('Dry Van')).toBeInTheDocument()
    expect(first.getByText('53 ft · 45,000 lbs')).toBeInTheDocument()
    expect(first.getByText('$2.50/mi')).toBeInTheDocument()
    expect(first.getByText('TX, OK')).toBeInTheDocument()
    expect(first.getByText('posted 3h ago')).toBeInTheDocument()
    expect(first.getByText('DOT 1234567 · MC 765432')).toBeInTheDocument()
    expect(first.getByText('(615) 555-0100').closest('a')).toHaveAttribute('href', 'tel:6155550100')
    expect(first.getByText('dana@blueridge.example').closest('a')).toHaveAttribute('href', 'mailto:dana@blueridge.example')
    expect(first.getByText(b.badges.approved)).toBeInTheDocument()
    expect(first.getByText('ELD connected — location updated 2 hours ago')).toBeInTheDocument()
    expect(first.getByText(b.badges.insurance)).toBeInTheDocument()
    expect(first.getByText(b.badges.authority)).toBeInTheDocument()
    expect(first.queryByText(b.badges.notAllowed)).not.toBeInTheDocument()
    // The carrier's record on Longhaul, marked when the ELD reported it.
    expect(first.getByText('12 loads delivered through Longhaul')).toBeInTheDocument()
    expect(first.getByText('On time: pickup 92%, delivery 88% (90 days, ELD-reported)')).toBeInTheDocument()
    expect(first.queryByText(b.badges.committed)).not.toBeInTheDocument()

    const second = within(items[1])
    expect(second.getByText('88 mi deadhead')).toBeInTheDocument()
    expect(second.getByText(b.destinationsOpen)).toBeInTheDocument()
    expect(second.getByText(b.badges.notAllowed)).toBeInTheDocument()
    expect(second.queryByText(/ELD connected/)).not.toBeInTheDocument()
    expect(second.queryByText(b.badges.approved)).not.toBeInTheDocument()
    expect(second.getByText('posted 1d ago')).toBeInTheDocument()
    expect(second.getByText(b.badges.committed)).toBeInTheDocument()
    expect(second.queryByText(/delivered through Longhaul/)).not.toBeInTheDocument()
    expect(second.queryByText(/On time:/)).not.toBeInTheDocument()
  })

  it('reads a linked search from the URL and pages through it', async () => {
    const fetchMock = stubFetch({
      [`GET ${SEARCH}`]: (url) =>
        url.searchParams.get('page') === '2'
          ? { status: 200, body: searchPage([boardResult({ id: 'p-26', deadhead_mi: 140 })], { page: 2 }) }
          : { status: 200, body: searchPage([boardResult()], { has_more: true }) },
    })
    const ui = userEvent.setup()
    render('?origin=60601&equipment=van')

    expect(await screen.findByText('12.5 mi deadhead')).toBeInTheDocument()
    expect(screen.getByLabelText(s.origin)).toHaveValue('60601')
    expect(screen.getByLabelText('Dry Van')).toBeChecked()
    expect(screen.getByRole('button', { name: labelsPrevious })).toBeDisabled()

    await ui.click(screen.getByRole('button', { name: labelsNext }))
    expect(await screen.findByText('140 mi deadhead')).toBeInTheDocument()
    expect(params().get('page')).toBe('2')
    expect(getsOf(fetchMock, SEARCH).map((url) => url.searchParams.get('page'))).toEqual(['1', '2'])
    expect(screen.getByRole('button', { name: labelsNext })).toBeDisabled()
  })

  it('steps back to the previous search', async () => {
    const fetchMock = stubFetch({ [`GET ${SEARCH}`]: { status: 200, body: searchPage([boardResult()]) } })
    const ui = userEvent.setup()
    render('?origin=Dallas')
    await screen.findByText('12.5 mi deadhead')

    const origin = () => screen.getByLabelText(s.origin)
    await ui.clear(origin())
    await ui.type(origin(), 'Memphis, TN')
    await ui.click(screen.getByRole('button', { name: s.submit }))
    await waitFor(() => expect(params().get('origin')).toBe('Memphis, TN'))

    await ui.click(screen.getByRole('button', { name: 'Browser back' }))
    await waitFor(() => expect(params().get('origin')).toBe('Dallas'))
    expect(origin()).toHaveValue('Dallas')
    expect(getsOf(fetchMock, SEARCH).map((url) => url.searchParams.get('origin'))).toEqual(['Dallas', 'Memphis, TN'])
  })

  it('says so when nothing matches', async () => {
    stubFetch({ [`GET ${SEARCH}`]: { status: 200, body: searchPage([]) } })
    render('?origin=Dallas')
    expect(await screen.findByText(s.empty)).toBeInTheDocument()
  })

  it("shows the server's field error beside the field, once", async () => {
    stubFetch({
      [`GET ${SEARCH}`]: {
        status: 422,
        body: { error: { code: 'invalid', message: 'Invalid', fields: { origin: b.originUnknown } } },
      },
    })
    render('?origin=Nowhere')
    expect(await screen.findByText(b.originUnknown)).toBeInTheDocument()
    expect(screen.getAllByText(b.originUnknown)).toHaveLength(1)
    const origin = screen.getByLabelText(s.origin)
    expect(origin).toHaveAttribute('aria-invalid', 'true')
    expect(origin).toHaveAccessibleDescription(b.originUnknown)
    // A refused search cannot be saved.
    expect(screen.queryByRole('button', { name: s.saveSearch })).not.toBeInTheDocument()
  })

  it('offers a retry when the search fails', async () => {
    let calls = 0
    stubFetch({
      [`GET ${SEARCH}`]: () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'internal', message: texts.errors.generic } } }
          : { status: 200, body: searchPage([boardResult()]) },
    })
    const ui = userEvent.setup()
    render('?origin=Dallas')
    await ui.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('12.5 mi deadhead')).toBeInTheDocument()
  })

  it('saves the search on screen with e-mail alerts on by default', async () => {
    const fetchMock = stubFetch({
      [`GET ${SEARCH}`]: { status: 200, body: searchPage([boardResult()]) },
      'POST /api/broker/saved-searches': { status: 201, body: {} },
      'GET /api/broker/saved-searches': { status: 200, body: { saved_searches: [] } },
    })
    const ui = userEvent.setup()
    render('?origin=Chicago%2C+IL&radius_mi=250&equipment=reefer')
    await screen.findByText('12.5 mi deadhead')

    await ui.click(screen.getByRole('button', { name: s.saveSearch }))
    const dialog = await screen.findByRole('dialog', { name: s.saveSearch })
    const name = within(dialog).getByLabelText('Name')
    await ui.clear(name)
    await ui.click(within(dialog).getByRole('button', { name: s.saveSearch }))
    expect(await within(dialog).findByText(b.saved.nameRequired)).toBeInTheDocument()
    expect(within(dialog).getByRole('checkbox', { name: b.saved.alerts })).toBeChecked()

    await ui.type(name, 'Chicago reefers')
    await ui.click(within(dialog).getByRole('button', { name: s.saveSearch }))
    expect(await screen.findByText(s.saved)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Chicago reefers',
      alerts: true,
      criteria: {
        origin: 'Chicago, IL',
        radius_mi: 250,
        destinations: [],
        equipment: ['reefer'],
        available_from: null,
        available_to: null,
        max_age_hours: null,
        include_not_allowed: false,
      },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('opens a posting with its details and contacts the carrier', async () => {
    const result = boardResult()
    const fetchMock = stubFetch({
      [`GET ${SEARCH}`]: { status: 200, body: searchPage([result]) },
      'GET /api/broker/board/postings/posting-1': { status: 200, body: result },
      'POST /api/broker/board/postings/posting-1/contact': { status: 202, body: { sent: true } },
    })
    const ui = userEvent.setup()
    render('?origin=Chicago%2C+IL')
    await ui.click(await screen.findByText('12.5 mi deadhead'))

    const dialog = await screen.findByRole('dialog')
    expect(params().get('posting')).toBe('posting-1')
    expect(within(dialog).getByText('Team drivers, no touch freight.')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: '(615) 555-0100' })).toHaveAttribute('href', 'tel:6155550100')
    expect(within(dialog).getByText(b.badges.approved)).toBeInTheDocument()
    await waitFor(() =>
      expect(getsOf(fetchMock, '/api/broker/board/postings/posting-1')[0]?.searchParams.get('origin')).toBe('Chicago, IL'),
    )

    const send = within(dialog).getByRole('button', { name: s.contact })
    expect(send).toBeDisabled()
    await ui.type(within(dialog).getByLabelText(s.contactMessage), 'Can you take a load to Dallas on Monday?')
    await ui.click(send)
    expect(await screen.findByText(s.contactSent)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ message: 'Can you take a load to Dallas on Monday?' })
    expect(within(dialog).getByLabelText(s.contactMessage)).toHaveValue('')

    await ui.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(params().get('posting')).toBeNull()
    expect(params().get('origin')).toBe('Chicago, IL')
  })

  it("names the truck once when its number already says 'Truck'", async () => {
    const result = boardResult({ truck_number: 'Truck 102' })
    stubFetch({
      [`GET ${SEARCH}`]: { status: 200, body: searchPage([result]) },
      'GET /api/broker/board/postings/posting-1': { status: 200, body: result },
    })
    const ui = userEvent.setup()
    render('?origin=Chicago%2C+IL')
    await ui.click(await screen.findByText('12.5 mi deadhead'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/· Truck 102$/)).toBeInTheDocument()
    expect(within(dialog).queryByText(/Truck Truck/)).not.toBeInTheDocument()
  })
})

const labelsPrevious = 'Previous'
const labelsNext = 'Next'
