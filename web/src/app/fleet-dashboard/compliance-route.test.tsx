import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import FleetDashboardRoute from './fleet-dashboard-route'

afterEach(() => {
  vi.unstubAllGlobals()
})

const emptyCalendar = {
  today: '2025-03-10',
  counts: { overdue: 0, next30: 0, next90: 0, later: 0 },
  groups: ['overdue', 'next30', 'next90', 'later'].map((group) => ({ group, total: 0, items: [], next_cursor: null })),
}

describe('the compliance route', () => {
  it("shows the calendar in the fleet shell, its menu item after Documents and current", async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/compliance/calendar': { status: 200, body: emptyCalendar },
    })
    renderAt('/fleet-dashboard/compliance', '/fleet-dashboard/*', <FleetDashboardRoute />)
    // A chunk of its own: the first import takes a while under Vitest.
    expect(await screen.findByRole('heading', { name: texts.compliance.title, level: 1 }, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText(texts.compliance.empty)).toBeInTheDocument()

    const nav = screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(labels.indexOf(texts.compliance.menu)).toBe(labels.indexOf(texts.fleet.nav.documents) + 1)
    expect(within(nav).getByRole('link', { name: texts.compliance.menu })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: texts.compliance.menu })).toHaveAttribute('href', '/fleet-dashboard/compliance')
  })
})
