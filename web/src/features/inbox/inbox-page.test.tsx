import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { MessageView } from './api/inbox-api'
import { InboxPage } from './inbox-page'

const i = texts.inbox

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function message(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 'msg-1',
    sender_name: 'Dana Driver',
    sender_email: 'dana@example.com',
    company: 'Blue Ridge Freight',
    message: 'My truck needs\nnew tires',
    driver_id: 'driver-1',
    created_at: '2025-01-05T15:00:00Z',
    read: false,
    ...overrides,
  }
}

const render = () => renderAt('/fleet-dashboard/inbox', '/fleet-dashboard/inbox', <InboxPage />)

describe('inbox', () => {
  it('lists the messages newest first, unread ones emphasized, and marks one read', async () => {
    let items = [
      message({ id: 'msg-old', sender_name: 'Old Sender', created_at: '2025-01-01T10:00:00Z', read: true, company: null, driver_id: null }),
      message(),
    ]
    const fetchMock = stubFetch({
      'GET /api/fleet/inbox': () => ({ status: 200, body: { items, unread: items.filter((item) => !item.read).length } }),
      'POST /api/fleet/inbox/msg-1/read': () => {
        items = items.map((item) => ({ ...item, read: true }))
        return { status: 204 }
      },
    })
    render()

    const rows = await screen.findAllByTestId('inbox-message')
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Dana Driver', 'Old Sender'])
    expect(screen.getByTestId('inbox-unread')).toHaveTextContent('1 unread')
    const newest = within(rows[0])
    expect(rows[0]).toHaveAttribute('data-unread', 'true')
    expect(rows[1]).not.toHaveAttribute('data-unread')
    expect(newest.getByRole('link', { name: 'Dana Driver' })).toHaveAttribute('href', '/fleet-dashboard/drivers/driver-1')
    expect(newest.getByText(/Blue Ridge Freight/)).toBeInTheDocument()
    const mail = newest.getByRole('link', { name: 'dana@example.com' })
    expect(mail).toHaveAttribute(
      'href',
      `mailto:dana@example.com?subject=${encodeURIComponent('Message from Dana Driver via the driver portal')}`,
    )
    expect(newest.getByText(/My truck needs/)).toHaveClass('whitespace-pre-wrap')
    expect(newest.getByText('Jan 5, 2025', { exact: false })).toBeInTheDocument()
    expect(within(rows[1]).queryByRole('button', { name: i.markRead })).not.toBeInTheDocument()

    await userEvent.click(newest.getByRole('button', { name: i.markRead }))
    await waitFor(() => expect(screen.queryByRole('button', { name: i.markRead })).not.toBeInTheDocument())
    expect(screen.queryByTestId('inbox-unread')).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
  })

  it('says so when there is no message', async () => {
    stubFetch({ 'GET /api/fleet/inbox': { status: 200, body: { items: [], unread: 0 } } })
    render()
    expect(await screen.findByText(i.empty)).toBeInTheDocument()
  })

  it('offers a retry when the inbox cannot be read', async () => {
    let fail = true
    stubFetch({
      'GET /api/fleet/inbox': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'An unexpected error occurred' } } }
          : { status: 200, body: { items: [message()], unread: 1 } },
    })
    render()
    const alert = await screen.findByRole('alert')
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: texts.fleet.assets.retry }))
    expect(await screen.findByTestId('inbox-message')).toBeInTheDocument()
  })
})
