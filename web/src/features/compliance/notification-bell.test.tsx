import { focusManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { NOTIFICATIONS_POLL_MS, type NotificationList, type NotificationView } from './api/notifications-api'
import { NotificationBell } from './notification-bell'

const b = texts.compliance.bell

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function notification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'n-1',
    kind: 'reminder',
    title: 'CDL — Dana Driver expires in 7 days',
    detail: 'Renew it before it lapses',
    due_on: '2025-01-12',
    link: '/fleet-dashboard/drivers/driver-1?tab=qualification',
    created_at: '2025-01-05T12:00:00Z',
    read: false,
    ...overrides,
  }
}

type Attention = NotificationList['attention']
const calm: Attention = { overdue: 0, due_in30: 0, pending_renewals: 0, overdue_items: [] }

const listOf = (items: NotificationView[], attention: Attention = calm) => ({
  status: 200,
  body: { items, unread: items.filter((item) => !item.read).length, attention },
})

const render = () => renderAt('/fleet-dashboard', '/fleet-dashboard', <NotificationBell />)

const bell = () => screen.getByTestId('topbar-notifications')

describe('the notification bell', () => {
  // Issue 29 points 19 and 20: the bell said "You're all caught up." while
  // the overview showed overdue items, and renewals had no badge.
  it('shows what is overdue and the renewals to review, counted in the badge, even with nothing unread', async () => {
    const overdue = {
      key: 'doc:d-1',
      source: 'document',
      kind: 'company',
      title: 'Cargo policy',
      type_label: 'Insurance',
      asset_id: null,
      asset_name: null,
      document_id: 'd-1',
      due_on: '2025-01-02',
      group: 'overdue',
      link: '/fleet-dashboard/documents?q=Cargo%20policy',
    }
    stubFetch({
      'GET /api/fleet/notifications': () =>
        listOf([notification({ read: true })], { overdue: 3, due_in30: 8, pending_renewals: 2, overdue_items: [overdue] }),
    })
    render()

    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications: 5 need attention'))
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('5')
    await userEvent.click(bell())
    const panel = await screen.findByRole('dialog', { name: b.title })
    expect(within(panel).queryByText(b.empty)).not.toBeInTheDocument()
    const attention = within(panel).getByTestId('bell-attention')
    expect(within(attention).getByRole('link', { name: '3 overdue' })).toHaveAttribute('href', '/fleet-dashboard/compliance')
    const item = within(attention).getByTestId('bell-overdue-item')
    expect(item).toHaveTextContent('Cargo policy')
    expect(item).toHaveTextContent('Due Jan 2, 2025')
    expect(item).toHaveAttribute('href', overdue.link)
    expect(within(attention).getByRole('link', { name: 'See all 3 overdue' })).toBeInTheDocument()
    expect(within(attention).getByRole('link', { name: '8 due within 30 days' })).toBeInTheDocument()
    expect(within(attention).getByRole('link', { name: '2 driver renewals to review' })).toHaveAttribute(
      'href',
      '/fleet-dashboard/documents',
    )
    // The read notification is still listed below.
    expect(within(panel).getAllByTestId('notification')).toHaveLength(1)
  })

  it('names both counts when there are unread notifications and overdue items', async () => {
    stubFetch({
      'GET /api/fleet/notifications': () =>
        listOf([notification(), notification({ id: 'n-2' })], { overdue: 1, due_in30: 0, pending_renewals: 0, overdue_items: [] }),
    })
    render()

    await waitFor(() => expect(bell()).toHaveAccessibleName('2 unread notifications, 1 more needs attention'))
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('3')
  })

  it('shows the unread count; opening an item marks it read and goes to its screen', async () => {
    let items = [
      notification(),
      notification({ id: 'n-2', kind: 'fmcsa', title: 'Allowed to operate changed', due_on: null, link: '/fleet-dashboard/profile?tab=history' }),
      notification({ id: 'n-3', title: 'Medical card renewed', read: true }),
    ]
    const fetchMock = stubFetch({
      'GET /api/fleet/notifications': () => listOf(items),
      'POST /api/fleet/notifications/n-1/read': () => {
        items = items.map((item) => (item.id === 'n-1' ? { ...item, read: true } : item))
        return listOf(items)
      },
    })
    render()

    await waitFor(() => expect(bell()).toHaveAccessibleName('2 unread notifications'))
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('2')

    await userEvent.click(bell())
    const panel = await screen.findByRole('dialog', { name: b.title })
    const shown = within(panel).getAllByTestId('notification')
    expect(shown).toHaveLength(3)
    expect(shown[0]).toHaveAttribute('data-unread', 'true')
    expect(shown[0]).toHaveTextContent('Due Jan 12, 2025')
    expect(shown[2]).not.toHaveAttribute('data-unread')
    expect(within(panel).getByRole('link', { name: b.openCalendar })).toHaveAttribute('href', '/fleet-dashboard/compliance')

    await userEvent.click(within(panel).getByRole('button', { name: /CDL — Dana Driver expires in 7 days/ }))
    expect(await screen.findByText('elsewhere')).toBeInTheDocument()
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/n-1/read'))).toBe(true),
    )
  })

  it('marks all as read', async () => {
    let items = [notification(), notification({ id: 'n-2' })]
    stubFetch({
      'GET /api/fleet/notifications': () => listOf(items),
      'POST /api/fleet/notifications/read-all': () => {
        items = items.map((item) => ({ ...item, read: true }))
        return listOf(items)
      },
    })
    render()
    await waitFor(() => expect(bell()).toHaveAccessibleName('2 unread notifications'))

    await userEvent.click(bell())
    const panel = await screen.findByRole('dialog', { name: b.title })
    await userEvent.click(within(panel).getByRole('button', { name: b.markAllRead }))

    await waitFor(() => expect(bell()).toHaveAccessibleName(b.title))
    expect(screen.queryByTestId('notifications-count')).not.toBeInTheDocument()
    expect(within(panel).queryAllByTestId('notification').filter((item) => item.dataset.unread)).toHaveLength(0)
    expect(within(panel).getByRole('button', { name: b.markAllRead })).toBeDisabled()
  })

  it('says so when there is nothing', async () => {
    stubFetch({ 'GET /api/fleet/notifications': listOf([]) })
    render()
    await userEvent.click(bell())
    expect(await screen.findByText(b.empty)).toBeInTheDocument()
    expect(bell()).toHaveAccessibleName(b.title)
  })

  it('offers a retry when the list does not load', async () => {
    let fail = true
    stubFetch({ 'GET /api/fleet/notifications': () => (fail ? { status: 500 } : listOf([notification()])) })
    render()
    await userEvent.click(bell())
    expect(await screen.findByText(b.loadFailed)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: b.retry }))
    expect(await screen.findByTestId('notification')).toBeInTheDocument()
  })

  it('asks again every minute and when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let items: NotificationView[] = []
    const fetchMock = stubFetch({ 'GET /api/fleet/notifications': () => listOf(items) })
    render()
    await waitFor(() => expect(getsOf(fetchMock, '/api/fleet/notifications')).toHaveLength(1))

    items = [notification()]
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS))
    await waitFor(() => expect(bell()).toHaveAccessibleName(b.unreadOne))

    items = [notification(), notification({ id: 'n-2' }), notification({ id: 'n-3' })]
    act(() => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    await waitFor(() => expect(bell()).toHaveAccessibleName('3 unread notifications'))
    focusManager.setFocused(undefined)
  })
})
