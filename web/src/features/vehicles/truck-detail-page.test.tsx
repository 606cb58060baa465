import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { renderAt } from '@/test/render'
import type { components } from '@/lib/api-types'
import { stubFetch, truck } from '@/test/fleet-fixtures'
import { TruckDetailPage } from './truck-detail-page'

type TruckDetail = components['schemas']['TruckDetail']

const t = texts.fleet

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function detail(overrides: Partial<TruckDetail> = {}): TruckDetail {
  return { ...truck(), notes: 'Oil change due in March', is_active: true, cleanup_notice: false, driver: null, ...overrides }
}

function render(body: TruckDetail, status = 200) {
  stubFetch({ 'GET /api/fleet/trucks/truck-1': { status, body } })
  renderAt('/fleet-dashboard/trucks/truck-1', '/fleet-dashboard/trucks/:truckId', <TruckDetailPage />)
}

/** An error answer in place of the truck. */
const errorBody = (code: string, message: string) => ({ error: { code, message } }) as unknown as TruckDetail

async function openDriverTab() {
  await userEvent.click(await screen.findByRole('tab', { name: t.truckTabs.driver }))
}

describe('truck detail', () => {
  it('shows the header, the truck info and no cleanup notice', async () => {
    render(detail())

    expect(await screen.findByRole('heading', { name: 'Unit 101' })).toBeInTheDocument()
    expect(screen.getByText('2022 Freightliner Cascadia')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: t.backToTrucks })).toHaveAttribute('href', '/fleet-dashboard/trucks')
    expect(screen.getByText('1FUJGLDR5CLBP8834')).toBeInTheDocument()
    expect(screen.getByText('Oil change due in March')).toBeInTheDocument()
    expect(screen.queryByText(t.unrecognizedDriverRemoved)).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: t.truckTabs.maintenance }))
    expect(screen.getByText(t.featureSoon)).toBeInTheDocument()
  })

  it('shows a synced driver with a link to the profile', async () => {
    render(
      detail({
        driver: {
          kind: 'synced',
          id: 'driver-1',
          display_name: 'Dana Driver',
          phone_display: '(615) 555-0100',
          license_number: 'D1234567',
          license_state: 'TN',
        },
      }),
    )
    await openDriverTab()

    expect(screen.getByText('Dana Driver')).toBeInTheDocument()
    expect(screen.getByText('(615) 555-0100')).toBeInTheDocument()
    expect(screen.getByText('D1234567 (TN)')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: t.viewDriverProfile })).toHaveAttribute(
      'href',
      '/fleet-dashboard/drivers/driver-1',
    )
  })

  it('shows an ELD-only driver with its id and the not-synced note', async () => {
    render(detail({ driver: { kind: 'eld_only', eld_driver_id: '777001', name: 'Lee Roadman' } }))
    await openDriverTab()

    expect(screen.getByText('Lee Roadman')).toBeInTheDocument()
    expect(screen.getByText('777001')).toBeInTheDocument()
    expect(screen.getByText(t.eldOnlyDriver)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: t.viewDriverProfile })).not.toBeInTheDocument()
  })

  it('says when no driver is assigned and shows the cleanup notice', async () => {
    render(detail({ status: 'inactive', assigned_driver_name: null, assigned_driver_id: null, cleanup_notice: true }))

    expect(await screen.findByText(t.unrecognizedDriverRemoved)).toBeInTheDocument()
    await openDriverTab()
    expect(screen.getByText(t.noDriverAssigned)).toBeInTheDocument()
  })

  it('shows Truck not found for a 404 without a toast', async () => {
    render(errorBody('not_found', 'Not found'), 404)

    expect(await screen.findByRole('heading', { name: t.truckNotFoundTitle })).toBeInTheDocument()
    expect(screen.getByText(t.truckNotFoundText)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: t.backToTrucks })).toHaveAttribute('href', '/fleet-dashboard/trucks')
    expect(screen.queryByText(t.assets.loadTruckFailed)).not.toBeInTheDocument()
  })

  it('toasts other failures', async () => {
    render(errorBody('internal', 'Database unavailable'), 500)

    expect(await screen.findAllByText(t.assets.loadTruckFailed)).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: t.assets.retry })).toBeInTheDocument()
  })
})
