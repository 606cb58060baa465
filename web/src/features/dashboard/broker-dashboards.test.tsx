import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { BrokerAdminDashboard } from './broker-admin-dashboard'
import { BrokerUserDashboard } from './broker-user-dashboard'

const d = texts.dashboard
const link = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) })

describe('broker dashboards', () => {
  it('lead a broker admin to the board, the users and the settings', () => {
    render(<BrokerAdminDashboard />, { wrapper: MemoryRouter })
    expect(link(d.truckBoard)).toHaveAttribute('href', '/broker/board')
    expect(link(d.users)).toHaveAttribute('href', '/broker/users')
    expect(link(d.settings)).toHaveAttribute('href', '/broker/settings')
  })

  it('lead a broker user to the board, the saved searches and the settings', () => {
    render(<BrokerUserDashboard />, { wrapper: MemoryRouter })
    expect(link(d.truckBoard)).toHaveAttribute('href', '/broker/board')
    expect(link(d.savedSearches)).toHaveAttribute('href', '/broker/saved-searches')
    expect(link(d.settings)).toHaveAttribute('href', '/broker/settings')
  })
})
