import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { peekFlash, setFlash } from '@/lib/flash'
import { LandingFlash } from './app'

afterEach(() => {
  toast.dismiss()
  sessionStorage.clear()
})

describe('the landing page after a sign-out', () => {
  it("shows the 'Signed out' toast the sign-out left, once", async () => {
    setFlash('signed-out')
    const { unmount } = render(
      <MemoryRouter>
        <LandingFlash />
      </MemoryRouter>,
    )
    expect(await screen.findByText(texts.auth.signedOutTitle)).toBeInTheDocument()
    expect(screen.getByText(texts.auth.signedOutDescription)).toBeInTheDocument()
    expect(peekFlash()).toBeNull()
    unmount()
    render(
      <MemoryRouter>
        <LandingFlash />
      </MemoryRouter>,
    )
    expect(screen.queryByText(texts.auth.signedOutTitle)).not.toBeInTheDocument()
  })
})
