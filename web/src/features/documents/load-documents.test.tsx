import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import LoadDocuments from './load-documents'
import { documentItem } from './documents-test-fixtures'

const d = texts.documents

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () => renderAt('/x', '/x', <LoadDocuments loadId="load-1" loadName="PRO 1002" />)

describe("a load's documents", () => {
  it("lists the load's documents and uploads with a load's types only", async () => {
    const user = userEvent.setup()
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
    const fetchMock = stubFetch({
      'GET /api/fleet/loads/load-1/documents': {
        status: 200,
        body: { items: [documentItem({ vehicle: null, name: 'BOL 4411', document_type: 'bill_of_lading' })] },
      },
    })
    render()
    const row = await screen.findByRole('row', { name: /BOL 4411/ })
    expect(within(row).getByText(d.types.bill_of_lading)).toBeInTheDocument()
    expect(getsOf(fetchMock, '/api/fleet/loads/load-1/documents')).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: d.loadDocuments.uploadButton }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText(d.loadDocuments.dialogTitle)).toBeInTheDocument()
    const picker = within(dialog).getByLabelText(d.typeLabel)
    const offered = within(picker)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean)
    expect(offered).toEqual(['rate_confirmation', 'bill_of_lading', 'proof_of_delivery', 'lumper_receipt', 'scale_ticket'])
    expect(within(dialog).queryByLabelText(d.vehicleTypeLabel)).toBeNull()
  })

  it('shows the empty state of a load with no documents', async () => {
    stubFetch({ 'GET /api/fleet/loads/load-1/documents': { status: 200, body: { items: [] } } })
    render()
    expect(await screen.findByText(d.loadDocuments.emptyTitle)).toBeInTheDocument()
  })
})
