import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { addDays, format as formatDate } from 'date-fns'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import type { PortalDocument, PortalHome } from './api/types'
import FleetPortalRoute from './fleet-portal-route'
import { FLEET_ID, portalHome } from './fixtures'

const d = texts.driverPortal
const status = texts.documents.status

/** A day `days` from today in the browser's calendar, 'yyyy-MM-dd'. */
const day = (days: number) => formatDate(addDays(new Date(), days), 'yyyy-MM-dd')

function portalDocument(overrides: Partial<PortalDocument>): PortalDocument {
  return {
    id: 'pd-1',
    name: 'Document',
    document_type: 'company_other',
    document_type_label: 'Other',
    belongs_to: 'company',
    expiration_date: null,
    file_name: 'document.pdf',
    file_size: 1024,
    status: 'none',
    ...overrides,
  }
}

const valid = portalDocument({
  id: 'pd-valid',
  name: 'Insurance card',
  document_type: 'company_insurance',
  document_type_label: 'Insurance',
  belongs_to: 'company',
  expiration_date: day(200),
  status: 'valid',
})
const expiredRegistration = portalDocument({
  id: 'pd-expired',
  name: 'Cab card 2025',
  document_type: 'truck_registration',
  document_type_label: 'Truck Registration',
  belongs_to: 'truck',
  expiration_date: day(-3),
  status: 'expired',
})
const expiringAuthority = portalDocument({
  id: 'pd-authority',
  name: 'Operating authority',
  document_type: 'company_authority',
  document_type_label: 'Operating Authority',
  belongs_to: 'company',
  expiration_date: day(10),
  status: 'expiring_soon',
})
const expiringMedical = portalDocument({
  id: 'pd-medical',
  name: 'Medical card',
  document_type: 'driver_medical_card',
  document_type_label: 'Medical Certificate',
  belongs_to: 'driver',
  expiration_date: day(30),
  status: 'expiring_soon',
})
const expiredTrailer = portalDocument({
  id: 'pd-trailer',
  name: 'Trailer plate',
  document_type: 'trailer_registration',
  document_type_label: 'Trailer Registration',
  belongs_to: 'trailer',
  expiration_date: day(-1),
  status: 'expired',
})

function renderWith(documents: PortalDocument[], home: PortalHome = portalHome()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'GET /api/portal/me': { status: 200, body: home },
        'GET /api/portal/documents': { status: 200, body: documents },
        'GET /api/portal/renewals': { status: 200, body: [] },
      }),
    ),
  )
  return renderAt(`/driver-portal/${FLEET_ID}/home`, '/driver-portal/:fleetId/*', <FleetPortalRoute />)
}

// The home page is a lazily loaded chunk (portal-pages.ts): loaded once here, so
// that the tests' waits are for the page and not for transforming its modules.
beforeAll(() => import('./portal-home-page'))

const items = async () => {
  const card = await screen.findByTestId('portal-documents')
  await within(card).findAllByRole('listitem')
  return within(card).getAllByRole('listitem')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the driver portal's documents", () => {
  it('marks expired and expiring documents, lists them first and sums them up at the top', async () => {
    renderWith([valid, expiringAuthority, expiredRegistration])

    const card = await screen.findByTestId('portal-documents')
    const rows = await items()
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('Cab card 2025')
    expect(rows[1]).toHaveTextContent('Operating authority')
    expect(rows[2]).toHaveTextContent('Insurance card')
    expect(within(rows[0]).getByText(status.expired)).toHaveClass('bg-red-100')
    expect(within(rows[1]).getByText(status.expiringSoon)).toHaveClass('bg-amber-100')
    // A valid document is not flagged.
    expect(within(rows[2]).queryByText(status.expired)).not.toBeInTheDocument()
    expect(within(rows[2]).queryByText(status.expiringSoon)).not.toBeInTheDocument()

    const summary = within(card).getByTestId('portal-documents-attention')
    expect(summary).toHaveTextContent('1 document expired, 1 expiring soon')
  })

  it("tells the driver to upload the truck's renewal, and to call the office for a company document", async () => {
    renderWith([expiringAuthority, expiredRegistration])
    const [registration, authority] = await items()

    expect(within(registration).getByText(d.renewHint)).toBeInTheDocument()
    expect(within(registration).getByRole('button', { name: d.uploadRenewal })).toBeInTheDocument()
    expect(within(authority).getByText(d.companyDocumentHint)).toBeInTheDocument()
    expect(within(authority).queryByRole('button', { name: d.uploadRenewal })).not.toBeInTheDocument()
  })

  it('opens the renewal dialog filled in for the expired document', async () => {
    renderWith([expiredRegistration])
    const user = userEvent.setup()
    const [registration] = await items()

    await user.click(within(registration).getByRole('button', { name: d.uploadRenewal }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(d.renewalFor)).toHaveValue('truck')
    expect(within(dialog).getByLabelText(d.renewalType)).toHaveValue('truck_registration')
    expect(within(dialog).getByLabelText(d.renewalName)).toHaveValue('Cab card 2025')
  })

  it("fills in the driver's medical card and a trailer's registration", async () => {
    renderWith([expiringMedical, expiredTrailer])
    const user = userEvent.setup()
    const [trailer, medical] = await items()

    expect(screen.getByTestId('portal-documents-attention')).toHaveTextContent('1 document expired, 1 expiring soon')
    await user.click(within(trailer).getByRole('button', { name: d.uploadRenewal }))
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(d.renewalFor)).toHaveValue('trailer:tr-1')
    expect(within(dialog).getByLabelText(d.renewalType)).toHaveValue('trailer_registration')
    await user.keyboard('{Escape}')

    await user.click(within(medical).getByRole('button', { name: d.uploadRenewal }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(d.renewalFor)).toHaveValue('driver')
    expect(within(dialog).getByLabelText(texts.compliance.renewal.what)).toHaveValue('medical')
    expect(within(dialog).getByLabelText(d.renewalExpiration)).toBeRequired()
  })

  it('sends a truck document to the office when no truck is assigned any more', async () => {
    renderWith([expiredRegistration], portalHome({ truck: null }))
    const [registration] = await items()
    expect(within(registration).getByText(d.companyDocumentHint)).toBeInTheDocument()
    expect(within(registration).queryByRole('button', { name: d.uploadRenewal })).not.toBeInTheDocument()
  })

  it('shows no summary when nothing needs attention', async () => {
    renderWith([valid])
    await items()
    expect(screen.queryByTestId('portal-documents-attention')).not.toBeInTheDocument()
  })
})
