import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { renderAt } from '@/test/render'
import { account, getsOf, page, stubFetch, truck } from '@/test/fleet-fixtures'
import { TrucksPage } from './trucks-page'

const t = texts.fleet

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () => renderAt('/fleet-dashboard/trucks', '/fleet-dashboard/trucks', <TrucksPage />)

describe('trucks page', () => {
  it('shows the counts in the tabs and asks the server for the other tab when it is chosen', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trucks': (url) => ({
        status: 200,
        body:
          url.searchParams.get('tab') === 'inactive'
            ? page([truck({ id: 'truck-2', name: 'Unit 202', status: 'inactive', assigned_driver_name: null })], {
                active: 1,
                inactive: 3,
              })
            : page([truck()], { active: 1, inactive: 3 }),
      }),
    })
    render()

    expect(await screen.findByText('Unit 101')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: t.trucksTitle })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Active Trucks (1)' })).toHaveAttribute('aria-selected', 'true')
    // View Details is in the row's menu.
    await userEvent.click(screen.getByRole('button', { name: texts.board.postings.actions }))
    expect(await screen.findByRole('menuitem', { name: t.viewDetails })).toHaveAttribute(
      'href',
      '/fleet-dashboard/trucks/truck-1',
    )
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: t.syncFromEld })).toBeEnabled()
    expect(screen.queryByText(t.noEldTitle)).not.toBeInTheDocument()
    expect(getsOf(fetchMock, '/api/fleet/trucks')[0].searchParams.get('per_page')).toBe('50')

    await userEvent.click(screen.getByRole('tab', { name: 'Inactive Trucks (3)' }))

    expect(await screen.findByText('Unit 202')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Inactive Trucks (3)' })).toHaveAttribute('aria-selected', 'true')
    expect(getsOf(fetchMock, '/api/fleet/trucks').at(-1)?.searchParams.get('tab')).toBe('inactive')
    expect(screen.getByText(t.inactive)).toBeInTheDocument()
    expect(screen.getByText(t.unassigned)).toBeInTheDocument()
  })

  it('opens a truck on a click on its row', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trucks': { status: 200, body: page([truck(), truck({ id: 'truck-2', name: 'Unit 202' })]) },
    })
    render()

    await userEvent.click(await screen.findByText('Unit 202'))
    expect(await screen.findByText('elsewhere')).toBeInTheDocument()
  })

  it('opens the focused row on Enter', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trucks': { status: 200, body: page([truck()]) },
    })
    render()

    const row = (await screen.findByText('Unit 101')).closest('tr')!
    row.focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('elsewhere')).toBeInTheDocument()
  })

  it('shows a card per truck on a phone: name, status, driver and View Details', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trucks': { status: 200, body: page([truck()]) },
    })
    render()

    await screen.findByText('Unit 101')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const card = within(screen.getByTestId('data-card'))
    expect(card.getByText(t.active)).toBeInTheDocument()
    expect(card.getByText(texts.fleet.columns.assignedDriver)).toBeInTheDocument()
    expect(card.getByRole('link', { name: t.viewDetails })).toHaveAttribute('href', '/fleet-dashboard/trucks/truck-1')
  })

  it('sends the search text as q after a pause', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trucks': { status: 200, body: page([truck()]) },
    })
    render()
    await screen.findByText('Unit 101')

    await userEvent.type(screen.getByLabelText(t.searchTrucks), 'casc')

    await waitFor(() => expect(getsOf(fetchMock, '/api/fleet/trucks').at(-1)?.searchParams.get('q')).toBe('casc'))
    expect(getsOf(fetchMock, '/api/fleet/trucks').some((url) => url.searchParams.get('q') === 'c')).toBe(false)
  })

  it('shows the empty state and the No ELD Connected notice', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(false) },
      'GET /api/fleet/trucks': { status: 200, body: page([], { active: 0, inactive: 0 }) },
    })
    render()

    expect(await screen.findByText(t.noVehiclesTitle)).toBeInTheDocument()
    expect(screen.getByText(t.noVehiclesText)).toBeInTheDocument()
    expect(await screen.findByText(t.noEldTitle)).toBeInTheDocument()
    expect(screen.getByText(t.noEldText)).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Active Trucks (0)' })).toBeInTheDocument()
  })

  it('toasts a failed load and retries inline', async () => {
    let fail = true
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trucks': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: page([truck()]) },
    })
    render()

    expect(await screen.findAllByText(t.assets.loadVehiclesFailed)).not.toHaveLength(0)
    fail = false
    await userEvent.click(screen.getByRole('button', { name: t.assets.retry }))
    expect(await screen.findByText('Unit 101')).toBeInTheDocument()
  })
})
