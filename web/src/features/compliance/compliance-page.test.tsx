import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import CompliancePage from './compliance-page'
import {
  calendarPage,
  complianceItem,
  DOCUMENT_ID,
  DRIVER_ID,
  itemsOf,
  stubScreen,
  TRUCK_ID,
} from './compliance-test-fixtures'

const c = texts.compliance
const CALENDAR = '/api/fleet/compliance/calendar'
const ITEMS = '/api/fleet/compliance/items'
// Rows past a screen's first render in a deferred render (useRowsInViewFirst): 200 table rows in jsdom take seconds on a loaded CI machine.
const ALL_ROWS = { timeout: 10_000 }

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const render = (search = '') =>
  renderAt(`/fleet-dashboard/compliance${search}`, '/fleet-dashboard/compliance', <CompliancePage />)

const group = (name: string) => screen.getByRole('region', { name })

describe('compliance calendar: list', () => {
  it('shows the four groups with their counts and items', async () => {
    const overdue = complianceItem({
      key: 'qual:1',
      source: 'qualification',
      kind: 'driver',
      title: 'CDL',
      type_label: 'CDL',
      asset_id: DRIVER_ID,
      asset_name: 'Casey Rivera',
      document_id: null,
      due_on: '2025-03-07',
      group: 'overdue',
      link: `/fleet-dashboard/drivers/${DRIVER_ID}?tab=qualification`,
    })
    const soon = complianceItem()
    const company = complianceItem({
      key: 'fleet:mcs150',
      source: 'fleet',
      kind: 'company',
      title: c.mcs150,
      type_label: c.mcs150,
      asset_id: null,
      asset_name: null,
      document_id: null,
      due_on: '2025-12-31',
      group: 'later',
      link: '/fleet-dashboard/profile',
    })
    stubFetch({
      [`GET ${CALENDAR}`]: { status: 200, body: calendarPage({ overdue: { items: [overdue] }, next30: { items: [soon] }, later: { items: [company] } }) },
    })
    render()

    expect(await screen.findByRole('heading', { name: c.title, level: 1 })).toBeInTheDocument()
    await screen.findByText('Cab card 2025')
    expect(within(group(c.groups.overdue)).getByTestId('count-overdue')).toHaveTextContent('1')
    expect(within(group(c.groups.next30)).getByTestId('count-next30')).toHaveTextContent('1')
    expect(within(group(c.groups.next90)).getByTestId('count-next90')).toHaveTextContent('0')
    expect(within(group(c.groups.next90)).getByText(c.list.groupEmpty)).toBeInTheDocument()

    const late = within(group(c.groups.overdue))
    expect(late.getByRole('link', { name: 'CDL' })).toHaveAttribute('href', `/fleet-dashboard/drivers/${DRIVER_ID}?tab=qualification`)
    expect(late.getByText('Mar 7, 2025')).toBeInTheDocument()
    expect(late.getByText('3 days overdue')).toBeInTheDocument()
    expect(late.getByText(c.kinds.driver)).toBeInTheDocument()
    expect(late.queryByRole('link', { name: /download/i })).not.toBeInTheDocument()

    const next = within(group(c.groups.next30))
    expect(next.getByText('Mar 15, 2025')).toBeInTheDocument()
    expect(next.getByText('in 5 days')).toBeInTheDocument()
    expect(next.getByText('Truck Registration · Truck')).toBeInTheDocument()
    expect(next.getByRole('link', { name: 'Download Cab card 2025' })).toHaveAttribute(
      'href',
      `/api/fleet/documents/${DOCUMENT_ID}/download`,
    )
    expect(next.getByRole('button', { name: 'Unit 101' })).toBeInTheDocument()

    const later = within(group(c.groups.later))
    expect(later.getByRole('link', { name: c.mcs150 })).toHaveAttribute('href', '/fleet-dashboard/profile')
    expect(screen.getByRole('link', { name: c.actions.exportCsv })).toHaveAttribute('href', '/api/fleet/compliance/export.csv')
    expect(screen.queryByTestId('compliance-empty')).not.toBeInTheDocument()
  })

  it('says so when nothing is due', async () => {
    stubFetch({ [`GET ${CALENDAR}`]: { status: 200, body: calendarPage() } })
    render()
    expect(await screen.findByText(c.empty)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: c.groups.overdue })).not.toBeInTheDocument()
  })

  it("appends the group's next page on 'Show more' until there is no more", async () => {
    const fetchMock = stubFetch({
      [`GET ${CALENDAR}`]: { status: 200, body: calendarPage({ next90: { items: itemsOf('next90', 50), total: 75, next_cursor: 'c-50' } }) },
      [`GET ${ITEMS}`]: (url) =>
        url.searchParams.get('after') === 'c-50'
          ? { status: 200, body: { items: itemsOf('next90', 25, 50), next_cursor: null } }
          : { status: 500 },
    })
    const user = userEvent.setup()
    render()

    const section = within(await screen.findByRole('region', { name: c.groups.next90 }))
    // The first rows render at once, the rest of the page in a deferred render.
    await waitFor(() => expect(section.getAllByTestId('compliance-item')).toHaveLength(50), ALL_ROWS)
    expect(section.getByText('Showing 50 of 75')).toBeInTheDocument()
    await user.click(section.getByRole('button', { name: c.list.showMore }))

    await waitFor(() => expect(section.getAllByTestId('compliance-item')).toHaveLength(75), ALL_ROWS)
    expect(section.getByText('next90 item 1')).toBeInTheDocument()
    expect(section.getByText('next90 item 75')).toBeInTheDocument()
    expect(section.queryByRole('button', { name: c.list.showMore })).not.toBeInTheDocument()
    const [request] = getsOf(fetchMock, ITEMS)
    expect(Object.fromEntries(request.searchParams)).toEqual({ group: 'next90', after: 'c-50', limit: '50' })
  })

  it("says so when 'Show more' fails, and tries again on the next press", async () => {
    let fail = true
    stubFetch({
      [`GET ${CALENDAR}`]: { status: 200, body: calendarPage({ later: { items: itemsOf('later', 50), total: 51, next_cursor: 'c-50' } }) },
      [`GET ${ITEMS}`]: () => (fail ? { status: 500 } : { status: 200, body: { items: itemsOf('later', 1, 50), next_cursor: null } }),
    })
    const user = userEvent.setup()
    render()
    const section = within(await screen.findByRole('region', { name: c.groups.later }))
    await user.click(await section.findByRole('button', { name: c.list.showMore }))
    expect(await screen.findByText(c.list.moreFailed)).toBeInTheDocument()
    await waitFor(() => expect(section.getAllByTestId('compliance-item')).toHaveLength(50), ALL_ROWS)

    fail = false
    await user.click(section.getByRole('button', { name: c.list.showMore }))
    await waitFor(() => expect(section.getAllByTestId('compliance-item')).toHaveLength(51), ALL_ROWS)
    expect(section.queryByRole('button', { name: c.list.showMore })).not.toBeInTheDocument()
  })

  it('asks the server again when the kind changes, and keeps the kind in the URL and the export link', async () => {
    const fetchMock = stubFetch({ [`GET ${CALENDAR}`]: { status: 200, body: calendarPage({ next30: { items: [complianceItem()] } }) } })
    const user = userEvent.setup()
    render()
    await screen.findByText('Cab card 2025')
    expect(getsOf(fetchMock, CALENDAR).at(-1)?.search).toBe('')

    await user.click(screen.getByRole('radio', { name: c.kinds.trailer }))
    await waitFor(() => expect(getsOf(fetchMock, CALENDAR).at(-1)?.searchParams.get('kind')).toBe('trailer'))
    expect(screen.getByRole('radio', { name: c.kinds.trailer })).toBeChecked()
    expect(screen.getByRole('link', { name: c.actions.exportCsv })).toHaveAttribute(
      'href',
      '/api/fleet/compliance/export.csv?kind=trailer',
    )

    await user.click(screen.getByRole('radio', { name: c.filters.all }))
    await waitFor(() => expect(getsOf(fetchMock, CALENDAR).at(-1)?.search).toBe(''))
  })

  it("filters by one truck from an item's asset name, shown as a removable chip", async () => {
    const fetchMock = stubFetch({ [`GET ${CALENDAR}`]: { status: 200, body: calendarPage({ next30: { items: [complianceItem()] } }) } })
    const user = userEvent.setup()
    render()

    await user.click(await screen.findByRole('button', { name: 'Unit 101' }))
    expect(screen.getByRole('link', { name: 'Open this truck' })).toHaveAttribute('href', `/fleet-dashboard/trucks/${TRUCK_ID}`)
    await user.click(screen.getByRole('button', { name: 'Show only this truck' }))

    await waitFor(() =>
      expect(Object.fromEntries(getsOf(fetchMock, CALENDAR).at(-1)!.searchParams)).toEqual({ kind: 'truck', asset_id: TRUCK_ID }),
    )
    expect(screen.getByTestId('asset-chip')).toHaveTextContent('Truck: Unit 101')
    expect(screen.getByRole('radio', { name: c.kinds.truck })).toBeChecked()
    expect(screen.getByRole('link', { name: c.actions.exportCsv })).toHaveAttribute(
      'href',
      `/api/fleet/compliance/export.csv?kind=truck&asset_id=${TRUCK_ID}`,
    )

    await user.click(screen.getByRole('button', { name: 'Remove the filter Truck: Unit 101' }))
    await waitFor(() => expect(getsOf(fetchMock, CALENDAR).at(-1)?.search).toBe('?kind=truck'))
    expect(screen.queryByTestId('asset-chip')).not.toBeInTheDocument()
  })

  it('reads the filters from the URL', async () => {
    const fetchMock = stubFetch({ [`GET ${CALENDAR}`]: { status: 200, body: calendarPage() } })
    render(`?kind=driver&asset=${DRIVER_ID}&asset_name=Casey+Rivera`)
    expect(await screen.findByText(c.list.emptyFiltered)).toBeInTheDocument()
    expect(screen.getByTestId('asset-chip')).toHaveTextContent('Driver: Casey Rivera')
    expect(Object.fromEntries(getsOf(fetchMock, CALENDAR)[0].searchParams)).toEqual({ kind: 'driver', asset_id: DRIVER_ID })

    await userEvent.click(screen.getByRole('button', { name: c.filters.clear }))
    await waitFor(() => expect(getsOf(fetchMock, CALENDAR).at(-1)?.search).toBe(''))
    expect(screen.getByRole('radio', { name: c.filters.all })).toBeChecked()
  })

  it('offers a retry when the calendar cannot be read', async () => {
    let fail = true
    stubFetch({
      [`GET ${CALENDAR}`]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'An unexpected error occurred' } } }
          : { status: 200, body: calendarPage({ next30: { items: [complianceItem()] } }) },
    })
    render()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(c.list.loadFailed)
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: c.list.retry }))
    expect(await screen.findByText('Cab card 2025')).toBeInTheDocument()
  })

  it('stacks the items as cards on a phone', async () => {
    stubScreen(false)
    stubFetch({ [`GET ${CALENDAR}`]: { status: 200, body: calendarPage({ next30: { items: [complianceItem()] } }) } })
    render()
    const item = await screen.findByTestId('compliance-item')
    expect(item.tagName).toBe('LI')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(item).getByText('in 5 days')).toBeInTheDocument()
  })
})

describe('compliance calendar: month', () => {
  const month = (items: ReturnType<typeof complianceItem>[], nextCursor: string | null = null) =>
    stubFetch({
      [`GET ${ITEMS}`]: (url) =>
        url.searchParams.get('after') ? { status: 200, body: { items: [], next_cursor: null } } : { status: 200, body: { items, next_cursor: nextCursor } },
    })

  it("asks for the month's items and lays them out by day, at most three a day", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2025, 2, 10, 12))
    const fetchMock = month([
      ...itemsOf('next30', 5, 0, '2025-03-15'),
      complianceItem({ key: 'doc:x', title: 'Insurance', due_on: '2025-03-20', group: 'next30' }),
    ])
    const user = userEvent.setup()
    render('?view=month&kind=truck')

    expect(await screen.findByRole('heading', { name: 'March 2025' })).toBeInTheDocument()
    const cell = await waitFor(() => {
      const found = screen.getAllByTestId('month-day').find((day) => day.dataset.date === '2025-03-15')!
      expect(within(found).getAllByRole('link')).toHaveLength(3)
      return found
    })
    expect(Object.fromEntries(getsOf(fetchMock, ITEMS)[0].searchParams)).toEqual({
      kind: 'truck',
      from: '2025-03-01',
      to: '2025-03-31',
      limit: '500',
    })
    const today = screen.getAllByTestId('month-day').find((day) => day.dataset.date === '2025-03-10')!
    expect(today).toHaveAttribute('aria-current', 'date')

    await user.click(within(cell).getByRole('button', { name: /\+2 more/ }))
    const panel = within(screen.getByTestId('month-day-panel'))
    expect(panel.getByRole('heading', { name: 'Due Saturday, March 15, 2025' })).toHaveFocus()
    expect(panel.getAllByTestId('compliance-item')).toHaveLength(5)

    await user.click(screen.getByRole('button', { name: c.month.next }))
    expect(await screen.findByRole('heading', { name: 'April 2025' })).toBeInTheDocument()
    await waitFor(() => expect(getsOf(fetchMock, ITEMS).at(-1)?.searchParams.get('from')).toBe('2025-04-01'))
    expect(screen.queryByTestId('month-day-panel')).not.toBeInTheDocument()
  })

  it('loads the rest of a month that has more than one page', async () => {
    const fetchMock = month(itemsOf('later', 2, 0, '2025-06-02'), 'c-500')
    const user = userEvent.setup()
    render('?view=month&month=2025-06')
    const capped = await screen.findByText(format(c.month.capped, 2))
    await user.click(within(capped.parentElement!).getByRole('button', { name: c.month.loadMore }))
    await waitFor(() => expect(getsOf(fetchMock, ITEMS).at(-1)?.searchParams.get('after')).toBe('c-500'))
    await waitFor(() => expect(screen.queryByText(c.month.loadMore)).not.toBeInTheDocument())
  })

  it('lists the month day by day on a phone', async () => {
    stubScreen(false)
    month([...itemsOf('next30', 7, 0, '2025-03-15'), complianceItem({ key: 'doc:2', title: 'Insurance', due_on: '2025-03-20' })])
    render('?view=month&month=2025-03')
    const list = await screen.findByTestId('month-day-list')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const days = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list)
    expect(days.map((day) => within(day).getByRole('heading').textContent)).toEqual(['Sat, Mar 15', 'Thu, Mar 20'])
    // A busy day shows its first five, then the rest on request.
    expect(within(days[0]).getAllByTestId('compliance-item')).toHaveLength(5)
    await userEvent.click(within(days[0]).getByRole('button', { name: '+2 more, Saturday, March 15, 2025' }))
    expect(within(days[0]).getAllByTestId('compliance-item')).toHaveLength(7)
  })

  it('says so when nothing is due that month', async () => {
    month([])
    render('?view=month&month=2025-03')
    expect(await screen.findByText('Nothing is due in March 2025.')).toBeInTheDocument()
  })
})

function format(text: string, count: number) {
  return text.replace('{count}', String(count))
}
