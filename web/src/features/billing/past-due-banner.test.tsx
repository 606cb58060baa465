import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import { PastDueBanner } from './past-due-banner'

const b = texts.billing

function renderWith(state: unknown) {
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ 'GET /api/fleet/billing/state': { status: 200, body: state } })))
  return renderAt(
    '/fleet-dashboard',
    '/fleet-dashboard',
    <>
      <PastDueBanner />
      <p>screen</p>
    </>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('past-due banner', () => {
  it('warns in amber while past due, with the day the dashboard becomes read-only', async () => {
    renderWith({ status: 'past_due', past_due_since: '2025-01-05T12:00:00Z', read_only_from: '2025-01-12T12:00:00Z', read_only: false })
    const banner = await screen.findByRole('alert')
    expect(banner).toHaveAttribute('data-tone', 'warning')
    expect(banner).toHaveTextContent(b.pastDueBannerTitle)
    expect(banner).toHaveTextContent(b.pastDueBannerText.replace('{date}', 'Jan 12, 2025'))
    expect(screen.getByRole('link', { name: b.goToBilling })).toHaveAttribute('href', '/fleet-dashboard/billing')
  })

  it('warns for an unpaid subscription too', async () => {
    renderWith({ status: 'unpaid', past_due_since: '2025-01-05T12:00:00Z', read_only_from: '2025-01-12T12:00:00Z', read_only: false })
    expect(await screen.findByText(b.pastDueBannerTitle)).toBeInTheDocument()
  })

  it('turns red once the dashboard is read-only', async () => {
    renderWith({ status: 'past_due', past_due_since: '2025-01-05T12:00:00Z', read_only_from: '2025-01-12T12:00:00Z', read_only: true })
    const banner = await screen.findByRole('alert')
    expect(banner).toHaveAttribute('data-tone', 'destructive')
    expect(banner).toHaveTextContent(b.readOnlyBannerTitle)
    expect(banner).toHaveTextContent(b.readOnlyBannerText.replace('{date}', 'Jan 5, 2025'))
  })

  it('shows nothing for an active, canceled or missing subscription', async () => {
    for (const status of ['active', 'canceled', null]) {
      const { unmount } = renderWith({ status, past_due_since: null, read_only_from: null, read_only: false })
      expect(await screen.findByText('screen')).toBeInTheDocument()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
      unmount()
    }
  })
})
