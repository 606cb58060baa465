import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { FmcsaChange } from './api/fmcsa-api'
import CompanyProfilePage from './company-profile-page'

const h = texts.compliance.history

afterEach(() => {
  vi.unstubAllGlobals()
})

function change(overrides: Partial<FmcsaChange> = {}): FmcsaChange {
  return {
    id: 'ch-1',
    field: 'allowed_to_operate',
    label: 'Allowed to operate',
    old_value: 'Yes',
    new_value: 'No',
    adverse: true,
    detected_at: '2025-03-04T06:00:00Z',
    dismissed: false,
    ...overrides,
  }
}

const render = (path = '/fleet-dashboard/profile?tab=history') =>
  renderAt(path, '/fleet-dashboard/profile', <CompanyProfilePage />)

describe('Company Profile › History', () => {
  it('opens from ?tab=history with the last check and the changes, newest first, the adverse ones in red', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/fmcsa/history': {
        status: 200,
        body: {
          last_checked_at: '2025-03-05T06:00:00Z',
          changes: [
            change({ id: 'ch-old', field: 'total_power_units', label: 'Power units', old_value: '10', new_value: '12', adverse: false, detected_at: '2025-01-02T06:00:00Z', dismissed: true }),
            change(),
            change({ id: 'ch-mc', label: 'MC number', old_value: null, new_value: 'MC-1', adverse: false, detected_at: '2025-02-01T06:00:00Z' }),
          ],
        },
      },
    })
    render()

    expect(await screen.findByRole('tab', { name: h.tab, selected: true })).toBeInTheDocument()
    expect(await screen.findByTestId('fmcsa-last-checked')).toHaveTextContent(/^Last checked Mar 5, 2025/)
    const entries = screen.getAllByTestId('fmcsa-change')
    expect(entries).toHaveLength(3)
    expect(entries[0]).toHaveTextContent('Mar 4, 2025')
    expect(entries[0]).toHaveTextContent('Allowed to operate')
    expect(entries[0]).toHaveTextContent('Yes→No')
    expect(entries[0]).toHaveAttribute('data-adverse', 'true')
    expect(within(entries[0]).getByText('Allowed to operate')).toHaveClass('text-red-700')
    expect(entries[1]).toHaveTextContent(`MC number${texts.compliance.fmcsaAlert.none}→MC-1`)
    expect(entries[1]).not.toHaveAttribute('data-adverse')
    expect(entries[2]).toHaveTextContent('Power units')
  })

  it('says when the record was not read yet and nothing changed', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/fmcsa/history': { status: 200, body: { last_checked_at: null, changes: [] } },
    })
    render()
    expect(await screen.findByText(h.empty)).toBeInTheDocument()
    expect(screen.getByText(h.notChecked)).toBeInTheDocument()
  })

  it('keeps the other tabs where they were and asks for the history only when it is opened', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/fmcsa/history': { status: 500 },
    })
    render('/fleet-dashboard/profile')
    expect(await screen.findByRole('tab', { name: texts.fleet.profileTabs.companyInfo, selected: true })).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/fmcsa/'))).toBe(false)

    await userEvent.click(screen.getByRole('tab', { name: h.tab }))
    expect(await screen.findByText(h.loadFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: h.retry })).toBeInTheDocument()
  })
})
