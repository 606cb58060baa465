import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { queryKeys } from '@/lib/query-keys'
import { getsOf, page, stubFetch, trailer, truck } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import DocumentsPage from './documents-page'
import { documentItem, documentPage } from './documents-test-fixtures'

/** The calendar is a lazy chunk: its first import in jsdom can take seconds on a busy machine. */
const CALENDAR_LOAD = { timeout: 10_000 }

const d = texts.documents
const VEHICLE = '0b6f6a3e-5d0c-4a43-9a56-0f4f1f1f2b7c'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.search}</output>
}

function render(path = '/fleet-dashboard/documents') {
  return renderAt(
    path,
    '/fleet-dashboard/documents',
    <>
      <DocumentsPage />
      <Location />
    </>,
  )
}

const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '')
const lastRequest = (fetchMock: ReturnType<typeof stubFetch>) => getsOf(fetchMock, '/api/fleet/documents').at(-1)!.searchParams

describe('documents page', () => {
  it('shows the header, the expiring banner and badge, and the rows in the spec formats', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/documents': {
        status: 200,
        body: documentPage(
          [
            documentItem(),
            documentItem({
              id: 'doc-2',
              name: 'IFTA license',
              document_type: 'company_ifta',
              vehicle: null,
              expiration_date: null,
              status: 'none',
            }),
            documentItem({ id: 'doc-3', name: 'Old permit', status: 'expired', document_type: 'company_authority' }),
            documentItem({ id: 'doc-4', name: 'Insurance', status: 'expiring_soon', document_type: 'company_insurance' }),
          ],
          { counts: { expiring_soon: 3, expired: 1 } },
        ),
      },
    })
    render()

    expect(await screen.findByText('Cab card 2025')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: d.title })).toBeInTheDocument()
    expect(screen.getByText(d.subtitle)).toBeInTheDocument()
    expect(screen.getByText(d.expiringBannerTitle)).toBeInTheDocument()
    expect(screen.getByText('You have 3 document(s) expiring in the next 30 days.')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: `${d.tabs.expiringSoon} 3` })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: d.tabs.all })).toHaveAttribute('aria-selected', 'true')

    for (const column of Object.values(d.columns)) expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument()
    const row = screen.getByRole('row', { name: /Cab card 2025/ })
    expect(within(row).getByText(d.types.truck_registration)).toBeInTheDocument()
    expect(within(row).getByText('Unit 101')).toBeInTheDocument()
    expect(within(row).getByText('Jan 5, 2025')).toBeInTheDocument()
    expect(within(row).getByText('Feb 3, 2026')).toBeInTheDocument()
    expect(within(row).getByText(d.status.valid)).toBeInTheDocument()
    // Download and Delete are in the row's menu.
    await userEvent.click(within(row).getByRole('button', { name: d.columns.actions }))
    const download = await screen.findByRole('menuitem', { name: d.download })
    expect(download).toHaveAttribute('href', '/api/fleet/documents/doc-1/download')
    expect(download).toHaveAttribute('download')
    expect(screen.getByRole('menuitem', { name: d.delete })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    const ifta = screen.getByRole('row', { name: /IFTA license/ })
    expect(within(ifta).getByText(d.types.company_ifta)).toBeInTheDocument()
    expect(within(ifta).getByText(d.status.none)).toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: /Old permit/ })).getByText(d.status.expired)).toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: /Insurance/ })).getByText(d.status.expiringSoon)).toBeInTheDocument()

    expect(Object.fromEntries(lastRequest(fetchMock))).toEqual({ tab: 'all', page: '1', per_page: '50' })
    expect(screen.getByRole('button', { name: d.filters })).toBeInTheDocument()
    expect(screen.queryByTestId('filters-dot')).not.toBeInTheDocument()
  })

  it('hides the banner and the badge when nothing expires soon', async () => {
    stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) } })
    render()
    await screen.findByText('Cab card 2025')
    expect(screen.queryByText(d.expiringBannerTitle)).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: d.tabs.expiringSoon })).toBeInTheDocument()
  })

  it('takes every filter from the URL and shows them', async () => {
    const fetchMock = stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) } })
    render(`/fleet-dashboard/documents?tab=expired&q=cab&type=company_ifta&from=2025-01-05&to=2025-02-03&vehicle=${VEHICLE}&page=2`)
    await screen.findByText('Cab card 2025')

    expect(Object.fromEntries(lastRequest(fetchMock))).toEqual({
      tab: 'expired',
      q: 'cab',
      type: 'company_ifta',
      from: '2025-01-05',
      to: '2025-02-03',
      vehicle_id: VEHICLE,
      page: '2',
      per_page: '50',
    })
    expect(screen.getByRole('tab', { name: d.tabs.expired })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('searchbox', { name: d.searchPlaceholder })).toHaveValue('cab')
    expect(screen.getByTestId('date-range-button')).toHaveTextContent('January 5, 2025 - February 3, 2025')
    expect(screen.getByTestId('filters-dot')).toBeInTheDocument()
  })

  it('searches on Enter and on the Search button, not on each keystroke', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) } })
    render('/fleet-dashboard/documents?page=3')
    await screen.findByText('Cab card 2025')
    const box = screen.getByRole('searchbox', { name: d.searchPlaceholder })

    await user.type(box, 'cab')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(getsOf(fetchMock, '/api/fleet/documents').some((url) => url.searchParams.has('q'))).toBe(false)
    expect(search().get('q')).toBeNull()

    await user.type(box, '{Enter}')
    await waitFor(() => expect(lastRequest(fetchMock).get('q')).toBe('cab'))
    expect(search().get('q')).toBe('cab')
    expect(search().get('page')).toBeNull()

    await user.clear(box)
    await user.type(box, ' ifta ')
    await user.click(screen.getByRole('button', { name: d.search }))
    await waitFor(() => expect(lastRequest(fetchMock).get('q')).toBe('ifta'))
    expect(search().get('q')).toBe('ifta')
  })

  it('switches tabs through the URL', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) } })
    render('/fleet-dashboard/documents?page=2')
    await screen.findByText('Cab card 2025')
    await user.click(screen.getByRole('tab', { name: d.tabs.expired }))
    await waitFor(() => expect(lastRequest(fetchMock).get('tab')).toBe('expired'))
    expect(search().toString()).toBe('tab=expired')
  })

  it('filters by type and vehicle from the Filters menu, and clears them', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) },
      'GET /api/fleet/trucks': (url) => ({
        status: 200,
        body:
          url.searchParams.get('tab') === 'inactive'
            ? page([truck({ id: 'truck-9', name: 'Unit 9', vehicle_id: null })])
            : page([truck({ id: VEHICLE, name: 'Unit 101' })]),
      }),
      'GET /api/fleet/trailers': { status: 200, body: page([trailer()]) },
    })
    render()
    await screen.findByText('Cab card 2025')
    expect(getsOf(fetchMock, '/api/fleet/trucks')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: d.filters }))
    expect(screen.getByRole('button', { name: d.clearFilters })).toBeDisabled()
    const type = screen.getByLabelText(d.documentType)
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual([
      d.allTypes,
      ...Object.values(d.types),
    ])
    await user.selectOptions(type, d.types.maintenance)
    await waitFor(() => expect(lastRequest(fetchMock).get('type')).toBe('maintenance'))

    const vehicle = screen.getByLabelText(d.vehicle)
    await waitFor(() => expect(within(vehicle).getByRole('option', { name: 'Unit 101 (281474)' })).toBeInTheDocument())
    expect(within(vehicle).getAllByRole('option').map((option) => option.textContent)).toEqual([
      d.allVehicles,
      'Unit 9',
      'Unit 101 (281474)',
      'Reefer 7 (TR-7)',
    ])
    expect(getsOf(fetchMock, '/api/fleet/trucks').map((url) => url.searchParams.get('tab')).sort()).toEqual([
      'active',
      'inactive',
    ])
    expect(getsOf(fetchMock, '/api/fleet/trucks')[0].searchParams.get('per_page')).toBe('200')
    await user.selectOptions(vehicle, 'Unit 101 (281474)')
    await waitFor(() => expect(lastRequest(fetchMock).get('vehicle_id')).toBe(VEHICLE))
    expect(search().get('vehicle')).toBe(VEHICLE)
    expect(search().get('type')).toBe('maintenance')
    expect(screen.getByTestId('filters-dot')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: d.clearFilters }))
    await waitFor(() => expect(search().toString()).toBe(''))
    expect(screen.queryByTestId('filters-dot')).not.toBeInTheDocument()
    expect(Object.fromEntries(lastRequest(fetchMock))).toEqual({ tab: 'all', page: '1', per_page: '50' })
  })

  it('Clear Filters also empties the search box and the date range', async () => {
    const user = userEvent.setup()
    stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) } })
    render('/fleet-dashboard/documents?q=cab&from=2025-01-05&to=2025-01-06')
    await screen.findByText('Cab card 2025')
    await user.click(screen.getByRole('button', { name: d.filters }))
    await user.click(screen.getByRole('button', { name: d.clearFilters }))
    await waitFor(() => expect(screen.getByRole('searchbox')).toHaveValue(''))
    expect(screen.getByTestId('date-range-button')).toHaveTextContent(d.dateRange)
  })

  it('picks an upload-date range in the two-month calendar', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) } })
    render('/fleet-dashboard/documents?from=2025-01-05')
    await screen.findByText('Cab card 2025')
    await user.click(screen.getByTestId('date-range-button'))
    expect(await screen.findAllByRole('grid', {}, CALENDAR_LOAD)).toHaveLength(2)
    expect(screen.getByText('January 2025')).toBeInTheDocument()
    expect(screen.getByText('February 2025')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /February 3rd, 2025/ }))
    await waitFor(() => expect(lastRequest(fetchMock).get('to')).toBe('2025-02-03'))
    expect(lastRequest(fetchMock).get('from')).toBe('2025-01-05')
    expect(screen.getByTestId('date-range-button')).toHaveTextContent('January 5, 2025 - February 3, 2025')
    // A complete range closes the picker.
    await waitFor(() => expect(screen.queryAllByRole('grid')).toHaveLength(0))
  })

  it('shows the empty state', async () => {
    stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([]) } })
    render()
    expect(await screen.findByText(d.emptyTitle)).toBeInTheDocument()
    expect(screen.getByText(d.emptyText)).toBeInTheDocument()
  })

  it('shows a failed load with Retry', async () => {
    const user = userEvent.setup()
    let fail = true
    stubFetch({
      'GET /api/fleet/documents': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'An unexpected error occurred' } } }
          : { status: 200, body: documentPage([documentItem()]) },
    })
    render()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(d.loadFailed)).toBeInTheDocument()
    fail = false
    await user.click(within(alert).getByRole('button', { name: d.retry }))
    expect(await screen.findByText('Cab card 2025')).toBeInTheDocument()
  })

  it('pages with the server total and keeps the page in the URL', async () => {
    const user = userEvent.setup()
    const items = Array.from({ length: 50 }, (_, index) => documentItem({ id: `doc-${index}`, name: `Doc ${index}` }))
    const fetchMock = stubFetch({
      'GET /api/fleet/documents': (url) => ({
        status: 200,
        body: documentPage(url.searchParams.get('page') === '2' ? items.slice(0, 10) : items, {
          total: 60,
          page: Number(url.searchParams.get('page')),
        }),
      }),
    })
    render()
    expect(await screen.findByText('Showing 1–50 of 60')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: d.previous })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: d.next }))
    expect(await screen.findByText('Showing 51–60 of 60')).toBeInTheDocument()
    expect(search().get('page')).toBe('2')
    expect(lastRequest(fetchMock).get('page')).toBe('2')
    expect(screen.getByRole('button', { name: d.next })).toBeDisabled()
  })

  it('writes large totals with thousands separators', async () => {
    const items = Array.from({ length: 50 }, (_, index) => documentItem({ id: `doc-${index}`, name: `Doc ${index}` }))
    stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage(items, { total: 1234 }) } })
    render()
    expect(await screen.findByText('Showing 1–50 of 1,234')).toBeInTheDocument()
  })

  it('deletes a document after the confirmation, and Cancel keeps it', async () => {
    const user = userEvent.setup()
    const deletes: string[] = []
    stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) },
      'DELETE /api/fleet/documents/doc-1': (url) => {
        deletes.push(url.pathname)
        return { status: 204 }
      },
    })
    render()
    await screen.findByText('Cab card 2025')

    await deleteFromMenu(user, 'Cab card 2025')
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(d.deleteTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(d.deleteText)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: d.cancel }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(deletes).toHaveLength(0)

    await deleteFromMenu(user, 'Cab card 2025')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: d.delete }))
    expect(await screen.findByText(d.deletedTitle)).toBeInTheDocument()
    expect(screen.getByText(d.deleted)).toBeInTheDocument()
    expect(deletes).toEqual(['/api/fleet/documents/doc-1'])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('still confirms the delete when it empties the list before the other lists it changes have reloaded', async () => {
    const user = userEvent.setup()
    let deleted = false
    stubFetch({
      'GET /api/fleet/documents': () => ({ status: 200, body: documentPage(deleted ? [] : [documentItem()]) }),
      'DELETE /api/fleet/documents/doc-1': () => {
        deleted = true
        return { status: 204 }
      },
    })
    // The shell's bell, which a delete also reloads: its answer comes after the list's.
    let answerBell = () => {}
    function Bell() {
      useQuery({
        queryKey: queryKeys.fleet.notifications,
        queryFn: () => (deleted ? new Promise<string[]>((resolve) => (answerBell = () => resolve([]))) : Promise.resolve([])),
      })
      return null
    }
    renderAt(
      '/fleet-dashboard/documents',
      '/fleet-dashboard/documents',
      <>
        <DocumentsPage />
        <Bell />
      </>,
    )
    await screen.findByText('Cab card 2025')

    await deleteFromMenu(user, 'Cab card 2025')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: d.delete }))
    // The emptied list has replaced the table, and the dialog in it, while the bell still loads.
    expect(await screen.findByText(d.emptyTitle)).toBeInTheDocument()
    act(() => answerBell())
    expect(await screen.findByText(d.deletedTitle)).toBeInTheDocument()
    expect(screen.getByText(d.deleted)).toBeInTheDocument()
  })

  it('says so when a delete fails', async () => {
    const user = userEvent.setup()
    stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) },
      'DELETE /api/fleet/documents/doc-1': { status: 500, body: { error: { code: 'internal', message: 'boom' } } },
    })
    render()
    await screen.findByText('Cab card 2025')
    await deleteFromMenu(user, 'Cab card 2025')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: d.delete }))
    expect(await screen.findByText(d.deleteFailed)).toBeInTheDocument()
  })
})

/** Chooses Delete in the menu of the document's row. */
async function deleteFromMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  const row = screen.getByRole('row', { name: new RegExp(name) })
  await user.click(within(row).getByRole('button', { name: d.columns.actions }))
  await user.click(await screen.findByRole('menuitem', { name: d.delete }))
}
