import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, Route, Routes, useParams } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { DataTable, type DataColumn, type DataRows } from './data-table'

interface Thing {
  id: string
  name: string
  kind: string
  secret: string
  active: boolean
}

const things: Thing[] = [
  { id: 't1', name: 'Unit 101', kind: 'Tractor', secret: 'VIN-101', active: true },
  { id: 't2', name: 'Unit 202', kind: 'Box truck', secret: 'VIN-202', active: false },
]

const columns: DataColumn<Thing>[] = [
  { id: 'name', header: 'Name', card: 'title', cell: (thing) => thing.name },
  { id: 'kind', header: 'Kind', cell: (thing) => thing.kind },
  { id: 'secret', header: 'VIN', card: 'hidden', cell: (thing) => thing.secret },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (thing) => <Badge>{thing.active ? 'Active' : 'Inactive'}</Badge>,
  },
  {
    id: 'note',
    header: 'Note',
    card: 'action',
    cell: (thing) => (
      <button type="button" onClick={() => noted(thing.id)}>
        Note {thing.name}
      </button>
    ),
  },
]

const noted = vi.fn()
const posted = vi.fn()

const rows: DataRows<Thing> = {
  key: (thing) => thing.id,
  href: (thing) => `/things/${thing.id}`,
  menu: (thing) => [
    { label: 'View Details', href: `/things/${thing.id}`, primary: true },
    { label: 'Post to Truck Board', onSelect: () => posted(thing.id) },
  ],
}

function Detail() {
  const { id } = useParams()
  return <p>detail of {id}</p>
}

function renderList() {
  return render(
    <MemoryRouter initialEntries={['/things']}>
      <Routes>
        <Route path="/things" element={<DataTable items={things} columns={columns} rows={rows} actionsLabel="Actions" />} />
        <Route path="/things/:id" element={<Detail />} />
      </Routes>
    </MemoryRouter>,
  )
}

/** A screen below Tailwind's md breakpoint (or at and above it). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  noted.mockReset()
  posted.mockReset()
})

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

describe('DataTable on a wide screen', () => {
  it('is a table with every column and a "⋯" menu per row, its actions out of the row', () => {
    screenWidth(true)
    renderList()

    expect(screen.getByRole('table')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'VIN' })).toBeInTheDocument()
    const row = rowOf('Unit 101')
    expect(within(row).getByRole('cell', { name: 'VIN-101' })).toBeInTheDocument()
    expect(within(row).queryByRole('link', { name: 'View Details' })).not.toBeInTheDocument()
    const menuButton = within(row).getByRole('button', { name: 'Actions' })
    expect(menuButton).toHaveAccessibleDescription('Unit 101')
  })

  it('opens a row on a click anywhere outside its controls', async () => {
    renderList()

    await userEvent.click(within(rowOf('Unit 202')).getByRole('cell', { name: 'Box truck' }))

    expect(await screen.findByText('detail of t2')).toBeInTheDocument()
  })

  it('opens the focused row on Enter', async () => {
    renderList()

    const row = rowOf('Unit 101')
    expect(row).toHaveAttribute('tabindex', '0')
    row.focus()
    await userEvent.keyboard('{Enter}')

    expect(await screen.findByText('detail of t1')).toBeInTheDocument()
  })

  it('does not open the row for a click on a button in it, nor on its menu', async () => {
    renderList()

    await userEvent.click(screen.getByRole('button', { name: 'Note Unit 101' }))
    expect(noted).toHaveBeenCalledWith('t1')

    await userEvent.click(within(rowOf('Unit 101')).getByRole('button', { name: 'Actions' }))
    const menu = await screen.findByRole('menu')
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Post to Truck Board' }))

    await vi.waitFor(() => expect(posted).toHaveBeenCalledWith('t1'))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(screen.getByRole('table')).toBeInTheDocument()
    expect(screen.queryByText(/detail of/)).not.toBeInTheDocument()
  })

  it("has the row's View Details in its menu, from the keyboard too", async () => {
    renderList()

    within(rowOf('Unit 202')).getByRole('button', { name: 'Actions' }).focus()
    await userEvent.keyboard('{Enter}')
    const item = await screen.findByRole('menuitem', { name: 'View Details' })
    expect(item).toHaveAttribute('href', '/things/t2')
    await userEvent.click(item)

    expect(await screen.findByText('detail of t2')).toBeInTheDocument()
  })
})

describe('DataTable on a phone', () => {
  it('is a card per row: title, status, its lines, the primary action, the rest in the menu', async () => {
    screenWidth(false)
    renderList()

    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const cards = screen.getAllByTestId('data-card')
    expect(cards).toHaveLength(2)
    const card = within(cards[0])
    expect(card.getByText('Unit 101')).toBeInTheDocument()
    expect(card.getByText('Active')).toBeInTheDocument()
    // A line under the title says what it is; a hidden column is not there.
    expect(card.getByText('Kind')).toBeInTheDocument()
    expect(card.getByText('Tractor')).toBeInTheDocument()
    expect(card.queryByText('VIN-101')).not.toBeInTheDocument()
    expect(card.queryByText('Status')).not.toBeInTheDocument()
    // The primary action is a button of its own; the others are in the "⋯" menu.
    expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/things/t1')
    expect(card.getByRole('button', { name: 'Note Unit 101' })).toBeInTheDocument()
    expect(card.queryByText('Post to Truck Board')).not.toBeInTheDocument()

    await userEvent.click(card.getByRole('button', { name: 'Actions' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Post to Truck Board' }))
    await vi.waitFor(() => expect(posted).toHaveBeenCalledWith('t1'))
    expect(screen.queryByText(/detail of/)).not.toBeInTheDocument()
  })

  it('opens a card on a click outside its controls, and on Enter', async () => {
    screenWidth(false)
    renderList()

    const [, second] = screen.getAllByTestId('data-card')
    await userEvent.click(within(second).getByText('Box truck'))
    expect(await screen.findByText('detail of t2')).toBeInTheDocument()
  })

  it('opens a focused card on Enter', async () => {
    screenWidth(false)
    renderList()

    screen.getAllByTestId('data-card')[0].focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('detail of t1')).toBeInTheDocument()
  })
})
