import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { renderAt } from '@/test/render'
import type { components } from '@/lib/api-types'
import { account, page, stubFetch, trailer } from '@/test/fleet-fixtures'
import { TrailerDetailPage } from './trailer-detail-page'
import { TrailersPage } from './trailers-page'

type TrailerDetail = components['schemas']['TrailerDetail']

const t = texts.fleet

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('trailers page', () => {
  it('lists trailers with the fallbacks, the capitalised status and the short date', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trailers': {
        status: 200,
        body: page(
          [
            trailer(),
            trailer({ id: 'trailer-2', name: null, status: 'maintenance', assigned_driver_name: null, assigned_at: null }),
            trailer({ id: 'trailer-3', name: 'Flatbed 2', status: 'out_of_service' }),
          ],
          { active: 1, inactive: 2 },
        ),
      },
    })
    renderAt('/fleet-dashboard/trailers', '/fleet-dashboard/trailers', <TrailersPage />)

    expect(await screen.findByText('Reefer 7')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: t.trailersTitle })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Active Trailers (1)' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Inactive Trailers (2)' })).toBeInTheDocument()
    const rows = screen.getAllByRole('row')
    expect(within(rows[1]).getByText('Jan 5, 2025')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Active')).toBeInTheDocument()
    expect(within(rows[2]).getByText(t.unnamedTrailer)).toBeInTheDocument()
    expect(within(rows[2]).getByText('Maintenance')).toBeInTheDocument()
    expect(within(rows[2]).getByText(t.unassigned)).toBeInTheDocument()
    expect(within(rows[3]).getByText('Out of Service')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t.syncTrailers })).toBeEnabled()
  })

  it('toasts Error Fetching Trailers', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: account(true) },
      'GET /api/fleet/trailers': { status: 500 },
    })
    renderAt('/fleet-dashboard/trailers', '/fleet-dashboard/trailers', <TrailersPage />)

    expect(await screen.findAllByText(t.assets.errorFetchingTrailers)).not.toHaveLength(0)
  })
})

describe('trailer detail', () => {
  const detail: TrailerDetail = {
    ...trailer({ assigned_at: '2025-01-05' }),
    notes: null,
    is_active: true,
    driver: {
      id: 'driver-1',
      display_name: 'Dana Driver',
      eld_driver_id: '55501',
      phone_display: '(615) 555-0100',
      license_number: 'D1234567',
      license_state: 'TN',
    },
  }

  it('shows the driver with the assigned date in long US format', async () => {
    stubFetch({ 'GET /api/fleet/trailers/trailer-1': { status: 200, body: detail } })
    renderAt('/fleet-dashboard/trailers/trailer-1', '/fleet-dashboard/trailers/:trailerId', <TrailerDetailPage />)

    expect(await screen.findByRole('heading', { name: 'Reefer 7' })).toBeInTheDocument()
    expect(screen.getByText('TR-7')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: t.trailerTabs.driver }))
    expect(screen.getByText('January 5, 2025')).toBeInTheDocument()
    expect(screen.getByText('55501')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: t.viewDriverProfile })).toHaveAttribute(
      'href',
      '/fleet-dashboard/drivers/driver-1',
    )
  })

  it('shows Trailer not found for a 404', async () => {
    stubFetch({})
    renderAt('/fleet-dashboard/trailers/nope', '/fleet-dashboard/trailers/:trailerId', <TrailerDetailPage />)

    expect(await screen.findByRole('heading', { name: t.trailerNotFoundTitle })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: t.backToTrailers })).toBeInTheDocument()
  })
})
