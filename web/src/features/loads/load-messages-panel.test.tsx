import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { LoadMessageView, LoadThread } from './api/load-messages-api'
import { LoadMessagesPanel } from './load-messages-panel'

const t = texts.loadMessages
const LOAD = 'load-1'
const THREAD = `/api/fleet/loads/${LOAD}/messages`

afterEach(() => {
  vi.unstubAllGlobals()
})

function message(overrides: Partial<LoadMessageView> = {}): LoadMessageView {
  return {
    id: 'm-1',
    message: 'Running 30 min late',
    from_office: false,
    sender_name: 'Dana Driver',
    mine: false,
    read: false,
    created_at: '2026-03-02T14:00:00Z',
    ...overrides,
  }
}

const threadOf = (items: LoadMessageView[]): LoadThread => ({
  load_id: LOAD,
  pro_number: 1042,
  items,
  unread: items.filter((m) => !m.mine && !m.read).length,
})

const render = () =>
  renderAt(`/fleet-dashboard/loads/${LOAD}`, '/fleet-dashboard/loads/:loadId', <LoadMessagesPanel loadId={LOAD} />)

const posts = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => init?.method === 'POST' && new URL(String(input), 'http://localhost').pathname === path,
  )

describe("the load's Messages panel", () => {
  it("shows the driver's unread message with a badge, then marks the thread read", async () => {
    let items = [message()]
    const fetchMock = stubFetch({
      [`GET ${THREAD}`]: () => ({ status: 200, body: threadOf(items) }),
      [`POST ${THREAD}/read`]: () => {
        items = items.map((m) => ({ ...m, read: true }))
        return { status: 204 }
      },
    })
    render()
    expect(await screen.findByRole('heading', { name: new RegExp(t.title) })).toBeInTheDocument()
    const row = await screen.findByTestId('message')
    expect(row).toHaveTextContent('Dana Driver')
    expect(row).toHaveTextContent('Running 30 min late')
    await waitFor(() => expect(posts(fetchMock, `${THREAD}/read`)).toHaveLength(1))
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument())
  })

  it('keeps the unread badge while the thread is not marked read', async () => {
    stubFetch({
      [`GET ${THREAD}`]: { status: 200, body: threadOf([message()]) },
      [`POST ${THREAD}/read`]: { status: 500 },
    })
    render()
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1 unread')
  })

  it('the empty thread invites a first message, sent with Ctrl+Enter', async () => {
    let items: LoadMessageView[] = []
    const fetchMock = stubFetch({
      [`GET ${THREAD}`]: () => ({ status: 200, body: threadOf(items) }),
      [`POST ${THREAD}`]: (_url, init) => {
        const { message: text } = JSON.parse(String(init?.body)) as { message: string }
        const made = message({ id: 'm-9', message: text, from_office: true, mine: true, sender_name: 'Olive Office' })
        items = [made]
        return { status: 201, body: made }
      },
    })
    const user = userEvent.setup()
    render()
    expect(await screen.findByText(t.empty)).toBeInTheDocument()
    const box = screen.getByRole('textbox', { name: t.label })
    await user.type(box, 'Use dock 6')
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true })
    await waitFor(() => expect(posts(fetchMock, THREAD)).toHaveLength(1))
    const row = await screen.findByTestId('message')
    expect(row).toHaveAttribute('data-mine', 'true')
    expect(row).toHaveTextContent(t.you)
    expect(box).toHaveValue('')
    // No unread: nothing to mark.
    expect(posts(fetchMock, `${THREAD}/read`)).toHaveLength(0)
  })

  it('a failed send says so and keeps the text', async () => {
    stubFetch({
      [`GET ${THREAD}`]: { status: 200, body: threadOf([]) },
      [`POST ${THREAD}`]: { status: 500 },
    })
    const user = userEvent.setup()
    render()
    const box = await screen.findByRole('textbox', { name: t.label })
    await user.type(box, 'hello')
    await user.click(screen.getByRole('button', { name: t.send }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.sendError)
    expect(box).toHaveValue('hello')
  })

  it('a thread that cannot be loaded offers a retry', async () => {
    stubFetch({ [`GET ${THREAD}`]: { status: 500 } })
    render()
    expect(await screen.findByText(t.loadError)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument()
  })
})
