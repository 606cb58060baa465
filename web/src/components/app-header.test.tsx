import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppHeader } from './app-header'

describe('AppHeader', () => {
  it('shows a long name whole (wrapping onto a second line on a phone), not cut off with an ellipsis', () => {
    const name = 'Maximiliana Featherstonehaugh-Worthington'
    render(
      <MemoryRouter>
        <AppHeader userLabel={name} signOutLabel="Sign Out" onSignOut={vi.fn()} />
      </MemoryRouter>,
    )
    const label = screen.getByTestId('user-label')
    expect(label).toHaveTextContent(name)
    expect(label).not.toHaveClass('truncate')
    expect(label).toHaveClass('line-clamp-2', 'wrap-anywhere')
    expect(label).toHaveAttribute('title', name)
    // The button keeps its name when a phone shows its icon alone, leaving the room to the name.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
  })
})
