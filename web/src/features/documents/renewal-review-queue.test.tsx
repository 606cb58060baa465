import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { RenewalView } from './api/renewals-api'
import DocumentsPage from './documents-page'
import { documentItem, documentPage } from './documents-test-fixtures'

const r = texts.portalReview

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function renewal(overrides: Partial<RenewalView> = {}): RenewalView {
  return {
    id: 'ren-1',
    driver_id: 'driver-1',
    driver_name: 'Dana Driver',
    target_kind: 'truck',
    target_name: 'Unit 101',
    name: 'Cab card 2026',
    document_type: 'truck_registration',
    document_type_label: 'Truck Registration',
    expiration_date: '2026-02-03',
    note: 'Renewed at the DMV\ntoday',
    file_name: 'cab-card.jpg',
    file_type: 'image/jpeg',
    file_size: 20_000,
    status: 'pending',
    reason: null,
    document_id: null,
    qualification: null,
    created_at: '2025-01-05T15:00:00Z',
    ...overrides,
  }
}

const render = () => renderAt('/fleet-dashboard/documents', '/fleet-dashboard/documents', <DocumentsPage />)

describe('renewals from drivers', () => {
  it('is not there when nothing waits', async () => {
    stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([documentItem()]) },
      'GET /api/fleet/renewals': { status: 200, body: [] },
    })
    render()
    expect(await screen.findByText('Cab card 2025')).toBeInTheDocument()
    expect(screen.queryByTestId('renewal-queue')).not.toBeInTheDocument()
    expect(screen.queryByText(r.title)).not.toBeInTheDocument()
  })

  it('shows each renewal and accepts one: the queue and the documents refresh', async () => {
    const medicalCard = renewal({
      id: 'ren-2',
      target_kind: 'driver',
      target_name: null,
      name: 'Medical card',
      document_type_label: 'Medical Card',
      expiration_date: null,
      note: null,
      qualification: 'medical',
    })
    let pending = [renewal(), medicalCard]
    let documents = [documentItem()]
    const fetchMock = stubFetch({
      'GET /api/fleet/documents': () => ({ status: 200, body: documentPage(documents) }),
      'GET /api/fleet/renewals': () => ({ status: 200, body: pending }),
      'POST /api/fleet/renewals/ren-1/accept': () => {
        documents = [...documents, documentItem({ id: 'doc-9', name: 'Cab card 2026' })]
        pending = pending.slice(1)
        return { status: 200, body: renewal({ status: 'accepted', document_id: 'doc-9' }) }
      },
    })
    render()

    const queue = await screen.findByRole('region', { name: new RegExp(r.title) })
    const rows = within(queue).getAllByTestId('renewal-row')
    expect(rows).toHaveLength(2)
    const first = within(rows[0])
    expect(first.getByText('Cab card 2026')).toBeInTheDocument()
    expect(first.getByText('Truck Registration')).toBeInTheDocument()
    expect(first.getByText(/From Dana Driver/)).toHaveTextContent('From Dana Driver · Truck: Unit 101')
    expect(first.getByText('Expires Feb 3, 2026')).toBeInTheDocument()
    expect(first.getByText(/Renewed at the DMV/)).toHaveClass('whitespace-pre-wrap')
    const link = first.getByRole('link', { name: new RegExp(r.view) })
    expect(link).toHaveAttribute('href', '/api/fleet/renewals/ren-1/file')
    expect(link).toHaveAttribute('target', '_blank')
    expect(within(rows[1]).getByText(/From Dana Driver/)).toHaveTextContent(
      "From Dana Driver · Driver: Medical examiner's certificate",
    )
    expect(within(rows[1]).queryByText(/Expires/)).not.toBeInTheDocument()

    const documentGets = getsOf(fetchMock, '/api/fleet/documents').length
    await userEvent.click(first.getByRole('button', { name: r.accept }))
    expect(await screen.findByText(r.accepted)).toBeInTheDocument()
    await waitFor(() => expect(within(queue).getAllByTestId('renewal-row')).toHaveLength(1))
    await waitFor(() => expect(getsOf(fetchMock, '/api/fleet/documents').length).toBeGreaterThan(documentGets))
    await waitFor(() => expect(screen.getAllByText('Cab card 2026')).toHaveLength(1))
    expect(within(queue).queryByText('Cab card 2026')).not.toBeInTheDocument()
  })

  it('asks for a reason before rejecting and hides the queue when the last one goes', async () => {
    let pending = [renewal()]
    const fetchMock = stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([]) },
      'GET /api/fleet/renewals': () => ({ status: 200, body: pending }),
      'POST /api/fleet/renewals/ren-1/reject': () => {
        pending = []
        return { status: 200, body: renewal({ status: 'rejected', reason: 'Blurry photo' }) }
      },
    })
    render()

    await userEvent.click(await screen.findByRole('button', { name: r.reject }))
    const dialog = await screen.findByRole('dialog', { name: r.rejectTitle })
    await userEvent.click(within(dialog).getByRole('button', { name: r.reject }))
    expect(await within(dialog).findByText(r.reasonRequired)).toBeInTheDocument()
    expect(within(dialog).getByLabelText(r.reasonLabel)).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await userEvent.type(within(dialog).getByLabelText(r.reasonLabel), '  Blurry photo ')
    await userEvent.click(within(dialog).getByRole('button', { name: r.reject }))
    expect(await screen.findByText(r.rejected)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(String(post[1]?.body))).toEqual({ reason: 'Blurry photo' })
    await waitFor(() => expect(screen.queryByTestId('renewal-queue')).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('offers a retry when the queue cannot be read', async () => {
    let fail = true
    stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([]) },
      'GET /api/fleet/renewals': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'An unexpected error occurred' } } }
          : { status: 200, body: [renewal()] },
    })
    render()
    expect(await screen.findByText(`${r.title}: An unexpected error occurred`)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: texts.documents.retry }))
    expect(await screen.findByTestId('renewal-row')).toBeInTheDocument()
  })

  it("shows the server's reason error and says when another admin was first", async () => {
    stubFetch({
      'GET /api/fleet/documents': { status: 200, body: documentPage([]) },
      'GET /api/fleet/renewals': { status: 200, body: [renewal()] },
      'POST /api/fleet/renewals/ren-1/reject': {
        status: 422,
        body: { error: { code: 'validation', message: 'Check the fields', fields: { reason: r.reasonRequired } } },
      },
      'POST /api/fleet/renewals/ren-1/accept': {
        status: 409,
        body: { error: { code: 'already_reviewed', message: texts.driverPortal.alreadyReviewed } },
      },
    })
    render()

    await userEvent.click(await screen.findByRole('button', { name: r.reject }))
    const dialog = await screen.findByRole('dialog', { name: r.rejectTitle })
    await userEvent.type(within(dialog).getByLabelText(r.reasonLabel), 'x')
    await userEvent.click(within(dialog).getByRole('button', { name: r.reject }))
    expect(await within(dialog).findByText(r.reasonRequired)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: texts.documents.cancel }))

    await userEvent.click(screen.getByRole('button', { name: r.accept }))
    expect(await screen.findByText(texts.driverPortal.alreadyReviewed)).toBeInTheDocument()
  })
})
