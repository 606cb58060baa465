import { focusManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { InboxPage } from '@/features/inbox/inbox-page'
import { UNREAD_POLL_MS } from '@/features/inbox/api/inbox-queries'
import { fleetAccount, getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { FleetDashboardLayout } from './fleet-dashboard-layout'

const i = texts.inbox

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const session = {
  status: 200,
  body: {
    csrf_token: 'c',
    user: { id: 'u', email: 'dana@blueridge.example', first_name: 'Dana', last_name: 'Owner', role: 'fleet_admin', account_id: 'a' },
  },
}

const navInbox = () =>
  within(screen.getByRole('navigation', { name: texts.fleet.shell.navLabel })).getByRole('link', { name: /Inbox/ })

describe('the shell’s inbox badge', () => {
  it('shows the unread count in the menu and the top bar; marking read clears it', async () => {
    let read = false
    const item = {
      id: 'msg-1',
      sender_name: 'Dana Driver',
      sender_email: 'dana@example.com',
      company: null,
      message: 'Hello',
      driver_id: null,
      created_at: '2025-01-05T15:00:00Z',
    }
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/auth/session': session,
      'GET /api/fleet/inbox/unread': () => ({ status: 200, body: { unread: read ? 0 : 1 } }),
      'GET /api/fleet/inbox': () => ({ status: 200, body: { items: [{ ...item, read }], unread: read ? 0 : 1 } }),
      'POST /api/fleet/inbox/msg-1/read': () => {
        read = true
        return { status: 204 }
      },
    })
    renderAt(
      '/fleet-dashboard/inbox',
      '/fleet-dashboard/*',
      <FleetDashboardLayout>
        <InboxPage />
      </FleetDashboardLayout>,
    )

    await waitFor(() => expect(navInbox()).toHaveAccessibleName('Inbox, 1 unread'))
    expect(navInbox()).toHaveAttribute('aria-current', 'page')
    expect(screen.getByTestId('topbar-inbox')).toHaveAccessibleName('Inbox, 1 unread')
    expect(screen.getByTestId('topbar-inbox')).toHaveTextContent('1')

    await userEvent.click(await screen.findByRole('button', { name: i.markRead }))
    await waitFor(() => expect(navInbox()).toHaveAccessibleName('Inbox'))
    expect(screen.getByTestId('topbar-inbox')).toHaveAccessibleName('Inbox')
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument()
  })

  it('asks again every minute and when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let unread = 0
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/auth/session': session,
      'GET /api/fleet/inbox/unread': () => ({ status: 200, body: { unread } }),
    })
    renderAt('/fleet-dashboard', '/fleet-dashboard/*', <FleetDashboardLayout>screen</FleetDashboardLayout>)
    await waitFor(() => expect(getsOf(fetchMock, '/api/fleet/inbox/unread')).toHaveLength(1))
    expect(navInbox()).toHaveAccessibleName('Inbox')

    unread = 2
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS))
    await waitFor(() => expect(navInbox()).toHaveAccessibleName('Inbox, 2 unread'))

    unread = 3
    act(() => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    await waitFor(() => expect(navInbox()).toHaveAccessibleName('Inbox, 3 unread'))
    focusManager.setFocused(undefined)
  })
})
