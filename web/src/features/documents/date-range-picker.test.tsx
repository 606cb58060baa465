import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DateRangePicker } from './date-range-picker'

/** The calendar is a lazy chunk: its first import in jsdom can take seconds on a busy machine. */
const CALENDAR_LOAD = { timeout: 10_000 }

function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query)
    return {
      matches: min ? px >= Number(min[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }
  })
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DateRangePicker', () => {
  it('shows one whole month on a phone, not two stacked in a box that scrolls', async () => {
    screenWidth(375)
    const user = userEvent.setup()
    render(<DateRangePicker from="2025-01-05" to={null} onChange={() => {}} />)
    await user.click(screen.getByTestId('date-range-button'))
    // The calendar loads as the picker first opens.
    expect(await screen.findAllByRole('grid', {}, CALENDAR_LOAD)).toHaveLength(1)
    expect(screen.getByText('January 2025')).toBeInTheDocument()
  })

  it('shows two months side by side on a wider screen', async () => {
    screenWidth(1280)
    const user = userEvent.setup()
    render(<DateRangePicker from="2025-01-05" to={null} onChange={() => {}} />)
    await user.click(screen.getByTestId('date-range-button'))
    expect(await screen.findAllByRole('grid', {}, CALENDAR_LOAD)).toHaveLength(2)
  })

  it('ends the range the first click started even before the URL has caught up', async () => {
    screenWidth(375)
    const user = userEvent.setup()
    const onChange = vi.fn()
    // The parent's navigation has not rendered yet: from and to stay as they were.
    render(<DateRangePicker from={null} to={null} onChange={onChange} />)
    await user.click(screen.getByTestId('date-range-button'))
    const day = (await screen.findAllByRole('gridcell', {}, CALENDAR_LOAD)).find((cell) => cell.textContent === '15')!.querySelector('button')!
    await user.click(day)
    await user.click(day)
    const [first, second] = onChange.mock.calls.map(([range]) => range)
    expect(first.to).toBeNull()
    expect(second.from).toBe(first.from)
    expect(second.to).toBe(first.from)
    // A whole range closes the picker.
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
  })
})
