import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import FleetTendersPanel from './fleet-tenders-panel'
import { tenderDetail, tenderView } from './tender-test-fixtures'

const t = texts.tenderScreens.fleet
const user = { id: 'u-1', email: 'sam@prairie.example', first_name: 'Sam', last_name: 'Ortiz', role: 'fleet_admin', account_id: 'f-1' }

beforeEach(() => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = (path = '/fleet-dashboard/loads?tab=tenders') =>
  renderAt(path, '/fleet-dashboard/loads', <FleetTendersPanel />)

describe('the fleet tenders tab', () => {
  it('lists the open tenders and says so when there are none closed', async () => {
    stubFetch({
      'GET /api/auth/session': { status: 200, body: { user, csrf_token: 'c' } },
      'GET /api/fleet/tenders': (url) => ({
        status: 200,
        body: { tenders: url.searchParams.get('status') === 'open' ? [tenderView()] : [] },
      }),
    })
    const ui = userEvent.setup()
    render()
    expect(await screen.findByText('Load BRK-1001')).toBeInTheDocument()
    expect(screen.getByText('Chicago, IL → Dallas, TX')).toBeInTheDocument()
    await ui.click(screen.getByRole('checkbox', { name: t.showClosed }))
    expect(await screen.findByText(t.emptyClosed)).toBeInTheDocument()
  })

  it('asks for an override when the truck is committed, then links to the new load', async () => {
    let calls = 0
    const fetchMock = stubFetch({
      'GET /api/auth/session': { status: 200, body: { user, csrf_token: 'c' } },
      'GET /api/fleet/tenders': { status: 200, body: { tenders: [tenderView()] } },
      'GET /api/fleet/tenders/tender-1': () => ({
        status: 200,
        body: calls > 1 ? tenderDetail({ status: 'accepted', load_id: 'load-9' }) : tenderDetail(),
      }),
      'POST /api/fleet/tenders/tender-1/accept': () => {
        calls += 1
        if (calls === 1)
          return {
            status: 409,
            body: { error: { code: 'truck_committed', message: 'Truck 101 is committed to load 88 at the same time. To accept anyway, give a reason to override.' } },
          }
        return { status: 200, body: tenderDetail({ status: 'accepted', load_id: 'load-9' }) }
      },
    })
    const ui = userEvent.setup()
    render('/fleet-dashboard/loads?tab=tenders&tender=tender-1')

    const dialog = within(await screen.findByRole('dialog'))
    expect(await dialog.findByText('Mill A')).toBeInTheDocument()
    await ui.click(dialog.getByRole('button', { name: t.accept }))
    await waitFor(() => expect(dialog.getByLabelText(t.acceptorName)).toHaveValue('Sam Ortiz'))
    await ui.type(dialog.getByLabelText(t.acceptorTitle), 'Dispatcher')
    await ui.click(dialog.getByRole('button', { name: t.acceptSubmit }))

    expect(await dialog.findByText(/Truck 101 is committed/)).toBeInTheDocument()
    await ui.click(dialog.getByRole('button', { name: t.acceptSubmit }))
    expect(await dialog.findByText(t.overrideRequired)).toBeInTheDocument()
    await ui.type(dialog.getByLabelText(t.overrideReason), 'Load 88 delivers early')
    await ui.click(dialog.getByRole('button', { name: t.acceptSubmit }))

    expect(await dialog.findByRole('link', { name: t.openLoad })).toHaveAttribute('href', '/fleet-dashboard/loads/load-9')
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(posts[1][1]?.body))).toEqual({
      acceptor_name: 'Sam Ortiz',
      acceptor_title: 'Dispatcher',
      share_position: true,
      override_reason: 'Load 88 delivers early',
    })
  })

  it('declines only with a reason', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/session': { status: 200, body: { user, csrf_token: 'c' } },
      'GET /api/fleet/tenders': { status: 200, body: { tenders: [tenderView()] } },
      'GET /api/fleet/tenders/tender-1': { status: 200, body: tenderDetail() },
      'POST /api/fleet/tenders/tender-1/decline': { status: 200, body: tenderDetail({ status: 'declined', decline_reason: 'No truck' }) },
    })
    const ui = userEvent.setup()
    render('/fleet-dashboard/loads?tab=tenders&tender=tender-1')
    const dialog = within(await screen.findByRole('dialog'))
    await ui.click(await dialog.findByRole('button', { name: t.decline }))
    await ui.click(dialog.getByRole('button', { name: t.declineSubmit }))
    expect(dialog.getByText(texts.tenders.declineReasonRequired)).toBeInTheDocument()
    await ui.type(dialog.getByLabelText(t.declineReason), 'No truck')
    await ui.click(dialog.getByRole('button', { name: t.declineSubmit }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'No truck' })
  })
})
