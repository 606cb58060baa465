import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { driver, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { QualificationView } from './api/qualifications-api'
import { DriverDetailPage } from './driver-detail-page'

const q = texts.compliance.qualification
const kinds = texts.compliance.qualificationKinds

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function item(kind: keyof typeof kinds, overrides: Partial<QualificationView> = {}): QualificationView {
  return {
    kind,
    label: kinds[kind],
    recorded: false,
    number: null,
    state: null,
    class: null,
    done_on: null,
    expires_on: null,
    due_on: null,
    group: null,
    document_id: null,
    document_name: null,
    updated_at: null,
    ...overrides,
  }
}

const notRecorded = () => (Object.keys(kinds) as (keyof typeof kinds)[]).map((kind) => item(kind))

const recorded = (): QualificationView[] => [
  item('cdl', {
    recorded: true,
    number: 'D1234567',
    state: 'TN',
    class: 'A',
    expires_on: '2024-12-01',
    due_on: '2024-12-01',
    group: 'overdue',
    document_id: 'doc-9',
    document_name: 'CDL — Dana Driver',
  }),
  item('medical', { recorded: true, expires_on: '2025-01-20', due_on: '2025-01-20', group: 'next30' }),
  item('mvr', { recorded: true, done_on: '2024-06-01', due_on: '2025-06-01', group: 'later' }),
  item('clearinghouse'),
  item('drug_test', { recorded: true, done_on: '2024-03-03' }),
]

const driverDetail = { ...driver(), assigned_truck: null, assigned_trailers: [] }

const render = (path = '/fleet-dashboard/drivers/driver-1?tab=qualification') =>
  renderAt(path, '/fleet-dashboard/drivers/:driverId', <DriverDetailPage />)

const region = (kind: keyof typeof kinds) => screen.getByRole('region', { name: kinds[kind] })

const requestsOf = (fetchMock: ReturnType<typeof stubFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ path: new URL(String(url), 'http://localhost').pathname, body: init?.body }))

describe('the driver’s Qualification tab', () => {
  it('opens from ?tab=qualification and lists the five items with their status, due date and document', async () => {
    stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': { status: 200, body: recorded() },
    })
    render()

    expect(await screen.findByRole('tab', { name: q.tab, selected: true })).toBeInTheDocument()
    await screen.findByRole('region', { name: kinds.cdl })
    expect(within(screen.getByRole('tabpanel')).getAllByRole('region').map((r) => r.dataset.testid)).toEqual([
      'qualification-cdl',
      'qualification-medical',
      'qualification-mvr',
      'qualification-clearinghouse',
      'qualification-drug_test',
    ])

    const cdl = region('cdl')
    expect(within(cdl).getByTestId('qualification-status')).toHaveTextContent(q.status.overdue)
    expect(within(cdl).getByTestId('qualification-status')).toHaveClass('bg-red-100')
    expect(within(cdl).getByText('D1234567')).toBeInTheDocument()
    expect(within(cdl).getByText('Dec 1, 2024', { selector: 'dd' })).toBeInTheDocument()
    expect(within(cdl).getByRole('link', { name: /CDL — Dana Driver/ })).toHaveAttribute(
      'href',
      '/api/fleet/documents/doc-9/download',
    )
    expect(within(cdl).getByRole('button', { name: q.edit })).toBeInTheDocument()
    expect(within(cdl).getByRole('button', { name: q.remove })).toBeInTheDocument()

    expect(within(region('medical')).getByTestId('qualification-status')).toHaveTextContent(q.status.next30)
    expect(within(region('medical')).getByTestId('qualification-status')).toHaveClass('bg-amber-100')
    expect(within(region('medical')).getByText(q.noDocument)).toBeInTheDocument()
    expect(within(region('mvr')).getByTestId('qualification-status')).toHaveTextContent(q.status.ok)
    expect(within(region('mvr')).getByText('Jun 1, 2025')).toBeInTheDocument()
    expect(within(region('clearinghouse')).getByTestId('qualification-status')).toHaveTextContent(q.status.notRecorded)
    expect(within(region('clearinghouse')).getByRole('button', { name: q.add })).toBeInTheDocument()
    expect(within(region('drug_test')).getByText(q.noDueDate)).toBeInTheDocument()
  })

  it('keeps the chosen tab in the address', async () => {
    stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': { status: 200, body: notRecorded() },
    })
    render('/fleet-dashboard/drivers/driver-1')
    expect(await screen.findByRole('tab', { name: texts.fleet.driverTabs.profile, selected: true })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: q.tab }))
    expect(await screen.findByRole('region', { name: kinds.cdl })).toBeInTheDocument()
  })

  it('adds the CDL with the fields it has', async () => {
    let items = notRecorded()
    const fetchMock = stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': () => ({ status: 200, body: items }),
      'PUT /api/fleet/drivers/driver-1/qualifications/cdl': () => {
        items = [item('cdl', { recorded: true, expires_on: '2027-05-31', due_on: '2027-05-31', group: 'later' }), ...items.slice(1)]
        return { status: 200, body: items[0] }
      },
    })
    render()

    await userEvent.click(within(await screen.findByRole('region', { name: kinds.cdl })).getByRole('button', { name: q.add }))
    const dialog = await screen.findByRole('dialog', { name: 'Add CDL' })
    // Starts from the license on the driver's profile.
    expect(within(dialog).getByLabelText(q.licenseNumber)).toHaveValue('D1234567')
    await userEvent.clear(within(dialog).getByLabelText(q.state))
    await userEvent.type(within(dialog).getByLabelText(q.state), 'ga')
    await userEvent.selectOptions(within(dialog).getByLabelText(q.class), 'A')

    await userEvent.click(within(dialog).getByRole('button', { name: q.save }))
    expect(await within(dialog).findByText(texts.compliance.qualificationNeedsExpiry)).toBeInTheDocument()
    expect(requestsOf(fetchMock, 'PUT')).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText(q.expirationDate), '2027-05-31')
    await userEvent.click(within(dialog).getByRole('button', { name: q.save }))

    expect(await screen.findByText('CDL saved')).toBeInTheDocument()
    const [put] = requestsOf(fetchMock, 'PUT')
    expect(JSON.parse(String(put.body))).toEqual({
      number: 'D1234567',
      state: 'GA',
      class: 'A',
      expires_on: '2027-05-31',
      document_id: null,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(region('cdl')).getByTestId('qualification-status')).toHaveTextContent(q.status.ok)
  })

  it('sends only the date done for an annual check, and shows the server’s field error', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': { status: 200, body: notRecorded() },
      'PUT /api/fleet/drivers/driver-1/qualifications/mvr': {
        status: 422,
        body: { error: { code: 'validation', message: 'Check the fields', fields: { done_on: 'Enter a valid date' } } },
      },
    })
    render()

    await userEvent.click(within(await screen.findByRole('region', { name: kinds.mvr })).getByRole('button', { name: q.add }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Annual MVR review' })
    expect(within(dialog).queryByLabelText(q.licenseNumber)).not.toBeInTheDocument()
    expect(within(dialog).queryByLabelText(q.expirationDate)).not.toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText(q.dateDone), '2025-01-02')
    await userEvent.click(within(dialog).getByRole('button', { name: q.save }))

    await waitFor(() => expect(within(dialog).getByLabelText(q.dateDone)).toHaveAccessibleDescription(/Enter a valid date/))
    expect(JSON.parse(String(requestsOf(fetchMock, 'PUT')[0].body))).toEqual({ done_on: '2025-01-02', document_id: null })
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('files an attached document for the driver and saves the item with it', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': { status: 200, body: recorded() },
      'POST /api/fleet/documents': { status: 201, body: { id: 'doc-new', name: 'Medical examiner’s certificate — Dana Driver' } },
      'PUT /api/fleet/drivers/driver-1/qualifications/medical': { status: 200, body: recorded()[1] },
    })
    render()

    await userEvent.click(within(await screen.findByRole('region', { name: kinds.medical })).getByRole('button', { name: q.edit }))
    const dialog = await screen.findByRole('dialog', { name: `Edit ${kinds.medical}` })
    expect(within(dialog).getByLabelText(q.expirationDate)).toHaveValue('2025-01-20')
    await userEvent.upload(within(dialog).getByLabelText(q.attachDocument), new File(['pdf'], 'card.pdf', { type: 'application/pdf' }))
    await userEvent.click(within(dialog).getByRole('button', { name: q.save }))

    await waitFor(() => expect(requestsOf(fetchMock, 'PUT')).toHaveLength(1))
    const [upload] = requestsOf(fetchMock, 'POST')
    const form = upload.body as FormData
    expect([...form.keys()]).toEqual([
      'name',
      'document_type',
      'vehicle_type',
      'vehicle_id',
      'driver_id',
      'issue_date',
      'expiration_date',
      'description',
      'share_with_drivers',
      'file',
    ])
    expect(form.get('name')).toBe(`${kinds.medical} — Dana Driver`)
    // Filed as a medical certificate, not 'Other' (issue 29 point 25).
    expect(form.get('document_type')).toBe('driver_medical_card')
    expect(form.get('driver_id')).toBe('driver-1')
    expect(form.get('expiration_date')).toBe('2025-01-20')
    expect(form.get('share_with_drivers')).toBe('false')
    expect((form.get('file') as File).name).toBe('card.pdf')
    expect(JSON.parse(String(requestsOf(fetchMock, 'PUT')[0].body))).toEqual({ expires_on: '2025-01-20', document_id: 'doc-new' })
  })

  it('removes an item after confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': { status: 200, body: recorded() },
      'DELETE /api/fleet/drivers/driver-1/qualifications/cdl': { status: 204 },
    })
    render()

    await userEvent.click(within(await screen.findByRole('region', { name: kinds.cdl })).getByRole('button', { name: q.remove }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove CDL?' })
    expect(requestsOf(fetchMock, 'DELETE')).toHaveLength(0)
    await userEvent.click(within(confirm).getByRole('button', { name: q.cancel }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsOf(fetchMock, 'DELETE')).toHaveLength(0)

    await userEvent.click(within(region('cdl')).getByRole('button', { name: q.remove }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: q.remove }))
    expect(await screen.findByText('CDL removed')).toBeInTheDocument()
    expect(requestsOf(fetchMock, 'DELETE').map((request) => request.path)).toEqual([
      '/api/fleet/drivers/driver-1/qualifications/cdl',
    ])
  })

  it('offers a retry when the items do not load', async () => {
    stubFetch({
      'GET /api/fleet/drivers/driver-1': { status: 200, body: driverDetail },
      'GET /api/fleet/drivers/driver-1/qualifications': { status: 500 },
    })
    render()
    expect(await screen.findByText(q.loadFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: q.retry })).toBeInTheDocument()
  })
})
