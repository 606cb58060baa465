import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { SuperAdminDashboard } from './super-admin-dashboard'

const tabs = texts.dashboard.tabs

describe('super admin dashboard', () => {
  it('puts Audit before Settings and opens the tabs from the overview cards', async () => {
    const ui = userEvent.setup()
    render(
      <SuperAdminDashboard
        panels={{
          fleetSignups: <p>signups panel</p>,
          users: <p>users panel</p>,
          accounts: <p>accounts panel</p>,
          audit: <p>audit panel</p>,
        }}
      />,
    )

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      tabs.overview,
      tabs.fleetSignups,
      tabs.users,
      tabs.accounts,
      texts.admin.tabs.audit,
      tabs.settings,
    ])
    await ui.click(screen.getByRole('button', { name: `Open ${tabs.accounts}` }))
    expect(screen.getByText('accounts panel')).toBeInTheDocument()
    await ui.click(screen.getByRole('tab', { name: tabs.overview }))
    await ui.click(screen.getByRole('button', { name: `Open ${tabs.users}` }))
    expect(screen.getByText('users panel')).toBeInTheDocument()
    await ui.click(screen.getByRole('tab', { name: tabs.overview }))
    await ui.click(screen.getByRole('button', { name: `Open ${tabs.fleetSignups}` }))
    expect(screen.getByText('signups panel')).toBeInTheDocument()
    await ui.click(screen.getByRole('tab', { name: texts.admin.tabs.audit }))
    expect(screen.getByText('audit panel')).toBeInTheDocument()
  })
})
