import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { Button } from '@/components/ui/button'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { CalendarFeedDialog } from './calendar-feed-dialog'
import { complianceSettings } from './compliance-test-fixtures'

const f = texts.compliance.feed
const SETTINGS = '/api/fleet/compliance/settings'
const FEED = '/api/fleet/compliance/feed'
const FEED_URL = `http://localhost:3000/api/compliance/calendar/${'a'.repeat(64)}.ics`

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open feed</Button>
      <CalendarFeedDialog open={open} onOpenChange={setOpen} />
    </>
  )
}

const render = () => renderAt('/', '/', <Harness />)
const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string) =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === method && String(input) === FEED)

function stubFeed(active: boolean) {
  let feedActive = active
  return stubFetch({
    [`GET ${SETTINGS}`]: () => ({
      status: 200,
      body: complianceSettings({ feed_active: feedActive, feed_created_at: feedActive ? '2025-03-01T15:00:00Z' : null }),
    }),
    [`POST ${FEED}`]: () => {
      feedActive = true
      return { status: 200, body: { url: FEED_URL, created_at: '2025-03-10T15:00:00Z' } }
    },
    [`DELETE ${FEED}`]: () => {
      feedActive = false
      return { status: 204 }
    },
  })
}

describe('calendar feed', () => {
  it('makes a link, shows it once with Copy, and explains how to subscribe', async () => {
    const fetchMock = stubFeed(false)
    const user = userEvent.setup()
    // After setup(): user-event puts a clipboard stand-in of its own on navigator.
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render()

    await user.click(screen.getByRole('button', { name: 'Open feed' }))
    const dialog = within(await screen.findByRole('dialog', { name: f.title }))
    expect(dialog.getByText(/Subscribe from URL/)).toBeInTheDocument()
    expect(await dialog.findByTestId('feed-status')).toHaveTextContent(f.inactive)
    expect(dialog.queryByRole('button', { name: f.revoke })).not.toBeInTheDocument()

    await user.click(dialog.getByRole('button', { name: f.create }))
    const input = await dialog.findByRole('textbox', { name: f.urlLabel })
    expect(input).toHaveValue(FEED_URL)
    expect(input).toHaveAttribute('readonly')
    expect(input).toHaveAccessibleDescription(f.showOnce)
    expect(calls(fetchMock, 'POST')).toHaveLength(1)

    await user.click(dialog.getByRole('button', { name: f.copy }))
    expect(writeText).toHaveBeenCalledWith(FEED_URL)
    expect(await screen.findByText(f.copied)).toBeInTheDocument()

    // Closed and opened again: the link is not shown any more, only that one is active.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Open feed' }))
    const again = within(await screen.findByRole('dialog', { name: f.title }))
    expect(await again.findByText(/A feed link is active since Mar/)).toBeInTheDocument()
    expect(again.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByDisplayValue(FEED_URL)).not.toBeInTheDocument()
  })

  it('asks before a new link replaces the active one', async () => {
    const fetchMock = stubFeed(true)
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Open feed' }))
    const dialog = within(await screen.findByRole('dialog', { name: f.title }))
    await user.click(await dialog.findByRole('button', { name: f.replace }))

    const confirm = within(await screen.findByRole('alertdialog', { name: f.replaceTitle }))
    await user.click(confirm.getByRole('button', { name: f.replace }))
    expect(await dialog.findByRole('textbox', { name: f.urlLabel })).toHaveValue(FEED_URL)
    expect(calls(fetchMock, 'POST')).toHaveLength(1)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('stops the feed only once confirmed', async () => {
    const fetchMock = stubFeed(true)
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Open feed' }))
    const dialog = within(await screen.findByRole('dialog', { name: f.title }))

    await user.click(await dialog.findByRole('button', { name: f.revoke }))
    let confirm = within(await screen.findByRole('alertdialog', { name: f.revokeTitle }))
    expect(confirm.getByText(f.revokeText)).toBeInTheDocument()
    await user.click(confirm.getByRole('button', { name: f.cancel }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0)

    await user.click(dialog.getByRole('button', { name: f.revoke }))
    confirm = within(await screen.findByRole('alertdialog', { name: f.revokeTitle }))
    await user.click(confirm.getByRole('button', { name: f.revoke }))
    expect(await screen.findByText(f.revoked)).toBeInTheDocument()
    expect(calls(fetchMock, 'DELETE')).toHaveLength(1)
    expect(await dialog.findByText(f.inactive)).toBeInTheDocument()
    expect(dialog.queryByRole('button', { name: f.revoke })).not.toBeInTheDocument()
  })
})
