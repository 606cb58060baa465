import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { DocumentsTable } from './documents-table'
import { documentItem } from './documents-test-fixtures'

const d = texts.documents

const truckDocument = documentItem()
const driverDocument = documentItem({
  id: 'doc-cdl',
  name: 'CDL scan',
  file_name: 'CDL scan',
  document_type: 'driver_cdl',
  vehicle: null,
  driver: { id: 'drv-1', name: 'Jane Doe' },
})

/** A screen at or above Tailwind's md breakpoint (a table), or below it (a card per row). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

const renderTable = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DocumentsTable documents={[truckDocument, driverDocument]} />
      </MemoryRouter>
    </QueryClientProvider>,
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the documents table's driver documents", () => {
  it("keeps the spec's columns, names the driver under the document name and leaves Vehicle empty", () => {
    screenWidth(true)
    renderTable()

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      d.columns.name,
      d.columns.type,
      d.columns.vehicle,
      d.columns.uploaded,
      d.columns.expiration,
      d.columns.status,
      d.columns.actions,
    ])
    const vehicleColumn = 2
    const [, truckRow, driverRow] = screen.getAllByRole('row')
    const driverCells = within(driverRow).getAllByRole('cell')
    expect(driverCells[0]).toHaveTextContent('CDL scan')
    expect(within(driverCells[0]).getByText('Driver: Jane Doe')).toBeInTheDocument()
    expect(driverCells[vehicleColumn]).toHaveTextContent(/^—$/)
    // A vehicle's document shows its vehicle, and no driver line.
    const truckCells = within(truckRow).getAllByRole('cell')
    expect(truckCells[vehicleColumn]).toHaveTextContent('Unit 101')
    expect(within(truckCells[0]).queryByText(/^Driver:/)).not.toBeInTheDocument()
  })

  it("shows the driver under the title of a phone's card, not as its vehicle", () => {
    screenWidth(false)
    renderTable()

    const card = screen.getAllByTestId('data-card')[1]
    expect(within(card).getByText('Driver: Jane Doe')).toBeInTheDocument()
    const vehicle = within(card).getByText(d.columns.vehicle).nextElementSibling
    expect(vehicle).toHaveTextContent(/^—$/)
  })
})
