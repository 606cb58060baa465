import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { PlaceInput } from './place-input'

afterEach(() => {
  vi.unstubAllGlobals()
})

const chicago = { label: 'Chicago, IL', city: 'Chicago', state: 'IL', zip: null, lat: 41.88, lon: -87.63 }
const chicagoHeights = { label: 'Chicago Heights, IL', city: 'Chicago Heights', state: 'IL', zip: null, lat: 41.5, lon: -87.64 }
const zip = { label: '60601 — Chicago, IL', city: 'Chicago', state: 'IL', zip: '60601', lat: 41.88, lon: -87.62 }

function stubPlaces() {
  return stubFetch({
    'GET /api/places': (url) => ({
      status: 200,
      body: { places: /^\d/.test(url.searchParams.get('q') ?? '') ? [zip] : [chicago, chicagoHeights] },
    }),
  })
}

function Harness({ initial = '', error, onValue }: { initial?: string; error?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <PlaceInput
        label="Current location"
        value={value}
        error={error}
        onChange={(next) => {
          setValue(next)
          onValue?.(next)
        }}
      />
      <output data-testid="value">{value}</output>
    </form>
  )
}

function renderInput(props: Parameters<typeof Harness>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  )
}

describe('PlaceInput', () => {
  it('asks for suggestions once the typing pauses and takes one with the keyboard', async () => {
    const fetchMock = stubPlaces()
    renderInput()
    const input = screen.getByRole('combobox', { name: 'Current location' })
    expect(input).toHaveAttribute('aria-expanded', 'false')

    await userEvent.type(input, 'chi')
    const list = await screen.findByRole('listbox', { name: 'Current location' })
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-controls', list.id)
    // Debounced: one request for the whole word, none for 'c' or 'ch'.
    expect(getsOf(fetchMock, '/api/places').map((url) => url.searchParams.get('q'))).toEqual(['chi'])

    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: 'Chicago, IL' })).toHaveAttribute('aria-selected', 'true')
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Chicago, IL' }).id)
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: 'Chicago Heights, IL' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: 'Chicago, IL' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowUp}')
    await userEvent.keyboard('{Enter}')

    expect(input).toHaveValue('Chicago Heights, IL')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('keeps the free text when no suggestion is taken, and Escape closes the list', async () => {
    stubPlaces()
    renderInput()
    const input = screen.getByRole('combobox', { name: 'Current location' })
    await userEvent.type(input, 'Chicago IL')
    await screen.findByRole('listbox')

    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveValue('Chicago IL')
    expect(screen.getByTestId('value')).toHaveTextContent('Chicago IL')
  })

  it('takes a ZIP suggestion by its ZIP, with the mouse', async () => {
    stubPlaces()
    renderInput()
    await userEvent.type(screen.getByRole('combobox', { name: 'Current location' }), '606')
    await userEvent.click(await screen.findByRole('option', { name: '60601 — Chicago, IL' }))
    expect(screen.getByRole('combobox', { name: 'Current location' })).toHaveValue('60601')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('asks nothing for one letter, nor for a value it was given', async () => {
    const fetchMock = stubPlaces()
    renderInput({ initial: 'Joliet, IL' })
    const input = screen.getByRole('combobox', { name: 'Current location' })
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(getsOf(fetchMock, '/api/places')).toHaveLength(0)

    await userEvent.clear(input)
    await userEvent.type(input, 'c')
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(getsOf(fetchMock, '/api/places')).toHaveLength(0)
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('shows its error and ties it to the input', async () => {
    stubPlaces()
    renderInput({ error: 'Enter a city and state, or a ZIP code' })
    const input = screen.getByRole('combobox', { name: 'Current location' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Enter a city and state, or a ZIP code')
  })

  it('lets Enter submit the form when no suggestion is highlighted', async () => {
    stubPlaces()
    const onValue = vi.fn()
    renderInput({ onValue })
    const input = screen.getByRole('combobox', { name: 'Current location' })
    await userEvent.type(input, 'chi')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('chi'))
    expect(input).toHaveValue('chi')
  })
})
