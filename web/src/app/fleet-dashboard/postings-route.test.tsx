import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount, page, stubFetch, truck } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import FleetDashboardRoute from './fleet-dashboard-route'

const b = texts.board

afterEach(() => {
  vi.unstubAllGlobals()
})

const render = (path: string) => renderAt(path, '/fleet-dashboard/*', <FleetDashboardRoute />)

describe('the Truck Board in the fleet dashboard', () => {
  it('shows My Postings in the shell, its menu item right after Trucks and current', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/postings': { status: 200, body: { postings: [] } },
    })
    render('/fleet-dashboard/postings')

    // A chunk of its own: the first import takes a while under Vitest.
    expect(await screen.findByRole('heading', { name: b.myPostings, level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText(b.postingsEmpty)).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(labels.indexOf(b.myPostings)).toBe(labels.indexOf(texts.fleet.nav.trucks) + 1)
    const link = within(nav).getByRole('link', { name: b.myPostings })
    expect(link).toHaveAttribute('aria-current', 'page')
    expect(link).toHaveAttribute('href', '/fleet-dashboard/postings')
  })

  it("posts a truck from its row's menu in the Trucks list, the truck chosen", async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/trucks': { status: 200, body: page([truck(), truck({ id: 'truck-2', name: 'Unit 202' })]) },
      'GET /api/fleet/vehicles/truck-2/position': { status: 200, body: { position: null } },
    })
    render('/fleet-dashboard/trucks')

    const row = (await screen.findByText('Unit 202')).closest('tr')!
    const menuButton = within(row).getByRole('button', { name: texts.board.postings.actions })
    await userEvent.click(menuButton)
    const item = await screen.findByRole('menuitem', { name: b.postButton })
    expect(screen.getByRole('menuitem', { name: texts.fleet.viewDetails })).toBeInTheDocument()
    await userEvent.click(item)

    const dialog = await screen.findByRole('dialog', { name: b.postTitle }, { timeout: 5000 })
    expect(within(dialog).getByLabelText(b.postForm.truck)).toHaveValue('Unit 202')
    expect(await within(dialog).findByText(b.eldLocationNone)).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // Focus goes back to the row's menu button, and the list is still there (no row was opened).
    expect(menuButton).toHaveFocus()
    expect(screen.getByRole('heading', { name: texts.fleet.trucksTitle })).toBeInTheDocument()
  })

  it('posts a truck from its detail screen', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/trucks/truck-1': {
        status: 200,
        body: { id: 'truck-1', name: 'Unit 101', status: 'active', is_active: true, cleanup_notice: false, driver: null },
      },
      'GET /api/fleet/vehicles/truck-1/position': { status: 200, body: { position: null } },
    })
    render('/fleet-dashboard/trucks/truck-1')

    await userEvent.click(await screen.findByRole('button', { name: b.postButton }))
    const dialog = await screen.findByRole('dialog', { name: b.postTitle }, { timeout: 5000 })
    expect(within(dialog).getByLabelText(b.postForm.truck)).toHaveValue('Unit 101')
  })
})
