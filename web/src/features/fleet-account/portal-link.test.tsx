import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import { PortalLink } from './portal-link'

const p = texts.fleet.portal
const URL_ = 'http://localhost:3000/driver-portal/0b6c5a52-1111-4c1e-9d7e-5a1f00000001'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('portal link', () => {
  it('shows the link read-only and copies it from the keyboard', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ 'GET /api/fleet/portal/link': { status: 200, body: { url: URL_ } } })))
    const user = userEvent.setup()
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderAt('/', '/', <PortalLink />)

    const input = screen.getByLabelText(p.linkLabel)
    expect(await screen.findByDisplayValue(URL_)).toBe(input)
    expect(input).toHaveAttribute('readonly')
    expect(input).toHaveAccessibleDescription(p.linkHelp)

    const button = screen.getByRole('button', { name: p.copy })
    button.focus()
    await user.keyboard('{Enter}')
    expect(writeText).toHaveBeenCalledWith(URL_)
    expect(await screen.findByText(p.copied)).toBeInTheDocument()
  })

  it('keeps the button off until the link has loaded', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})))
    renderAt('/', '/', <PortalLink />)
    expect(screen.getByRole('button', { name: p.copy })).toBeDisabled()
  })
})
