import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { renderAt } from '@/test/render'
import { UserMenu } from './user-menu'

describe('the fleet user menu', () => {
  it("shows the user's whole name at its top, wrapped rather than cut off", async () => {
    const name = 'Maximiliana Featherstonehaugh-Worthington'
    const user = userEvent.setup()
    renderAt('/fleet-dashboard', '/fleet-dashboard', <UserMenu userLabel={name} />)
    await user.click(screen.getByRole('button', { name: texts.fleet.shell.userMenu }))
    const menu = screen.getByRole('menu')
    const label = [...menu.querySelectorAll('p')].find((p) => p.textContent === name)
    expect(label).toBeDefined()
    expect(label).not.toHaveClass('truncate')
    expect(label).not.toHaveClass('sm:hidden')
    expect(label).toHaveClass('wrap-anywhere')
  })
})
