import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import PricingPage from './pricing-page'

const p = texts.pricing

function stubConfig(bookingUrl: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'GET /api/config': {
          status: 200,
          body: { stand_ins: { fmcsa: false, stripe: false }, booking_url: bookingUrl },
        },
      }),
    ),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('pricing page', () => {
  it('lines up the feature row with the tier cards: the same width, the same padding inside it', () => {
    stubConfig(null)
    renderAt('/pricing', '/pricing', <PricingPage />)
    // jsdom has no layout: the box of each row is its max-w-6xl element, whose
    // horizontal padding decides where the row's content starts and ends.
    const box = (name: string) => {
      const region = screen.getByRole('region', { name })
      const element = region.classList.contains('max-w-6xl') ? region : region.querySelector('.max-w-6xl')
      return [...(element?.classList ?? [])].filter((c) => /^(?:\w+:)?(?:max-w|px|pl|pr)-/.test(c)).sort()
    }
    expect(box('How we work')).toEqual(box('Implementation tiers'))
  })

  it('shows the three tiers and e-mail scheduling without a booking widget', async () => {
    stubConfig(null)
    const user = userEvent.setup()
    renderAt('/pricing', '/pricing', <PricingPage />)

    for (const tier of p.tiers) expect(screen.getByRole('heading', { name: tier.name })).toBeInTheDocument()
    expect(screen.getByText(p.mostPopular)).toBeInTheDocument()

    await user.click(screen.getAllByRole('button', { name: p.scheduleCall })[0]!)
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText(p.dialogFallback)).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: p.dialogEmailUs })).toHaveAttribute(
      'href',
      expect.stringContaining(`mailto:${texts.brand.contactEmail}`),
    )
  })

  it('embeds the booking widget when one is configured', async () => {
    stubConfig('https://booking.example/longhaul')
    const user = userEvent.setup()
    renderAt('/pricing', '/pricing', <PricingPage />)

    await user.click(screen.getByRole('button', { name: p.scheduleNow }))
    const frame = await within(await screen.findByRole('dialog')).findByTitle('Booking calendar')
    expect(frame).toHaveAttribute('src', 'https://booking.example/longhaul')
  })
})
