import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import ShipmentPage from './shipment-page'
import TenderLinkPage from './tender-link-page'
import { shipmentView, tenderView } from './tender-test-fixtures'

const LINK = '/api/tender-links/f-1/tok-1'

beforeEach(() => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const renderLink = () => renderAt('/tender/f-1/tok-1', '/tender/:fleetId/:token', <TenderLinkPage />)

describe('the tender link page', () => {
  it('says a used link is not valid', async () => {
    stubFetch({ [`GET ${LINK}`]: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } } })
    renderLink()
    expect(await screen.findByText(texts.tenders.linkInvalid)).toBeInTheDocument()
  })

  it('accepts with the recipient named', async () => {
    const fetchMock = stubFetch({
      [`GET ${LINK}`]: { status: 200, body: { tender: tenderView(), committed: null, recipient_name: 'Sam Ortiz' } },
      [`POST ${LINK}/accept`]: { status: 200, body: tenderView({ status: 'accepted' }) },
    })
    const ui = userEvent.setup()
    renderLink()
    expect(await screen.findByRole('heading', { name: 'Tender of load BRK-1001' })).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: texts.tenderScreens.fleet.accept }))
    const form = within(screen.getByRole('form', { name: texts.tenderScreens.fleet.acceptTitle }))
    expect(form.getByLabelText(texts.tenderScreens.fleet.acceptorName)).toHaveValue('Sam Ortiz')
    await ui.type(form.getByLabelText(texts.tenderScreens.fleet.acceptorTitle), 'Owner')
    await ui.click(form.getByRole('button', { name: texts.tenderScreens.fleet.acceptSubmit }))
    expect(await screen.findByText('You accepted load BRK-1001. The rate confirmation is in your dashboard.')).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ acceptor_name: 'Sam Ortiz', acceptor_title: 'Owner' })
  })
})

describe('the shipment page', () => {
  it('shows milestones by their labels, the ELD mark, an unshared position and the rate con download', async () => {
    stubFetch({ 'GET /api/broker/shipments/ship-1': { status: 200, body: shipmentView() } })
    renderAt('/broker/shipments/ship-1', '/broker/shipments/:shipmentId', <ShipmentPage />)
    expect(await screen.findByText('Arrived at pickup')).toBeInTheDocument()
    expect(screen.getByText(texts.tenderScreens.shipment.reportedByEld)).toBeInTheDocument()
    expect(screen.getByText(texts.tenderScreens.shipment.positionNotShared)).toBeInTheDocument()
    const link = screen.getByRole('link', { name: /Rate confirmation, revision 1/ })
    expect(link).toHaveAttribute('href', '/api/broker/shipments/ship-1/documents/doc-1')
    expect(link).toHaveAttribute('download')
  })
})
