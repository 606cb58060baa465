import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import AssetDocuments from './asset-documents'
import { documentItem, documentPage } from './documents-test-fixtures'

const d = texts.documents

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = (kind: 'truck' | 'driver') =>
  renderAt('/x', '/x', <AssetDocuments asset={{ kind, id: `${kind}-1`, name: kind === 'truck' ? 'Unit 101' : 'Dana Driver' }} />)

describe("an asset's Documents tab", () => {
  it("lists a driver's documents and opens the upload set to the driver", async () => {
    const user = userEvent.setup()
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
    const fetchMock = stubFetch({
      'GET /api/fleet/documents': {
        status: 200,
        body: documentPage([documentItem({ vehicle: null, driver: { id: 'driver-1', name: 'Dana Driver' }, name: 'Medical card' })]),
      },
    })
    render('driver')
    const row = await screen.findByRole('row', { name: /Medical card/ })
    expect(within(row).getByText('Driver: Dana Driver')).toBeInTheDocument()
    expect(Object.fromEntries(getsOf(fetchMock, '/api/fleet/documents')[0].searchParams)).toEqual({
      tab: 'all',
      driver_id: 'driver-1',
      page: '1',
      per_page: '50',
    })
    await user.click(screen.getByRole('button', { name: d.uploadButton }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByLabelText(d.driver)).toHaveValue('Dana Driver')
  })

  it("shows the empty state for a truck with no documents, asking by the truck's id", async () => {
    const fetchMock = stubFetch({ 'GET /api/fleet/documents': { status: 200, body: documentPage([]) } })
    render('truck')
    expect(await screen.findByText(d.emptyTitle)).toBeInTheDocument()
    await waitFor(() =>
      expect(getsOf(fetchMock, '/api/fleet/documents')[0].searchParams.get('vehicle_id')).toBe('truck-1'),
    )
  })
})
