import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import type { PortalLoadMessage, PortalLoadThread } from './api/load-messages-api'
import { LoadMessages, useLoadMessagesUnread } from './load-messages'

const t = texts.loadMessages
const LOAD = 'load-1'
const THREAD = `/api/portal/loads/${LOAD}/messages`

afterEach(() => {
  vi.unstubAllGlobals()
})

function message(overrides: Partial<PortalLoadMessage> = {}): PortalLoadMessage {
  return {
    id: 'm-1',
    message: 'Running 30 min late',
    from_office: false,
    sender_name: 'Dana Driver',
    mine: true,
    read: true,
    created_at: '2026-03-02T14:00:00Z',
    ...overrides,
  }
}

function threadOf(items: PortalLoadMessage[]): PortalLoadThread {
  return {
    load_id: LOAD,
    pro_number: 1042,
    items,
    unread: items.filter((m) => !m.mine && !m.read).length,
  }
}

const render = () => renderAt(`/portal/loads/${LOAD}`, '/portal/loads/:loadId', <LoadMessages loadId={LOAD} />)

const posts = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => init?.method === 'POST' && new URL(String(input), 'http://localhost').pathname === path,
  )

describe("the driver's messages on a load", () => {
  it("shows the thread oldest first with the office's unread answer, then marks it read", async () => {
    let items = [
      message(),
      message({ id: 'm-2', message: 'Use dock 6\nand call Rosa', from_office: true, sender_name: 'Olive Office', mine: false, read: false, created_at: '2026-03-02T14:05:00Z' }),
    ]
    const fetchMock = stubFetch({
      [`GET ${THREAD}`]: () => ({ status: 200, body: threadOf(items) }),
      [`POST ${THREAD}/read`]: () => {
        items = items.map((m) => ({ ...m, read: true }))
        return { status: 204 }
      },
      'GET /api/portal/load-messages/unread': { status: 200, body: { total: 0, by_load: [] } },
    })
    render()

    const rows = await screen.findAllByTestId('message')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveAttribute('data-mine', 'true')
    expect(rows[0]).toHaveTextContent(t.you)
    expect(rows[1]).not.toHaveAttribute('data-mine')
    expect(rows[1]).toHaveTextContent('Olive Office')
    expect(rows[1]).toHaveTextContent(t.office)
    expect(within(rows[1]).getByText(/Use dock 6/)).toHaveClass('whitespace-pre-wrap')

    await waitFor(() => expect(posts(fetchMock, `${THREAD}/read`)).toHaveLength(1))
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument())
  })

  it('shows the unread badge while the answer is unread', async () => {
    stubFetch({
      [`GET ${THREAD}`]: {
        status: 200,
        body: threadOf([message({ id: 'm-2', from_office: true, mine: false, read: false, sender_name: 'Olive Office' })]),
      },
      // Marking fails: the count stays, and no second attempt loops.
      [`POST ${THREAD}/read`]: { status: 500 },
    })
    render()
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1 unread')
  })

  it('sends with the button and with Ctrl+Enter, trimmed, and clears the box', async () => {
    const sent: unknown[] = []
    let items: PortalLoadMessage[] = []
    const fetchMock = stubFetch({
      [`GET ${THREAD}`]: () => ({ status: 200, body: threadOf(items) }),
      [`POST ${THREAD}`]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { message: string }
        sent.push(body)
        const made = message({ id: `m-${sent.length}`, message: body.message })
        items = [...items, made]
        return { status: 201, body: made }
      },
    })
    const user = userEvent.setup()
    render()
    expect(await screen.findByText(t.emptyDriver)).toBeInTheDocument()

    const box = screen.getByRole('textbox', { name: t.label })
    const send = screen.getByRole('button', { name: t.send })
    expect(send).toBeDisabled()
    await user.type(box, '  At the gate  ')
    await user.click(send)
    await waitFor(() => expect(sent).toEqual([{ message: 'At the gate' }]))
    await waitFor(() => expect(box).toHaveValue(''))
    expect(await screen.findByText('At the gate')).toBeInTheDocument()

    await user.type(box, 'Loaded')
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(sent).toEqual([{ message: 'At the gate' }, { message: 'Loaded' }]))
    // Enter alone is a new line, not a send.
    await user.type(box, 'x{Enter}')
    expect(posts(fetchMock, THREAD)).toHaveLength(2)
  })

  it("shows the server's refusal under the box and keeps what was typed", async () => {
    stubFetch({
      [`GET ${THREAD}`]: { status: 200, body: threadOf([]) },
      [`POST ${THREAD}`]: {
        status: 422,
        body: { error: { code: 'invalid', message: t.controlCharacters, fields: { message: t.controlCharacters } } },
      },
    })
    const user = userEvent.setup()
    render()
    const box = await screen.findByRole('textbox', { name: t.label })
    await user.type(box, 'hello')
    await user.click(screen.getByRole('button', { name: t.send }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.controlCharacters)
    expect(box).toHaveValue('hello')
  })

  it('refuses a message over 2,000 characters before sending it', async () => {
    stubFetch({ [`GET ${THREAD}`]: { status: 200, body: threadOf([]) } })
    render()
    const box = await screen.findByRole('textbox', { name: t.label })
    fireEvent.change(box, { target: { value: 'a'.repeat(2001) } })
    expect(screen.getByRole('alert')).toHaveTextContent(t.messageTooLong.replace('{max}', '2,000'))
    expect(screen.getByRole('button', { name: t.send })).toBeDisabled()
  })

  it('says when the thread cannot be loaded, and tries again', async () => {
    let fail = true
    stubFetch({
      [`GET ${THREAD}`]: () => (fail ? { status: 500 } : { status: 200, body: threadOf([]) }),
    })
    const user = userEvent.setup()
    render()
    expect(await screen.findByText(t.loadError)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: t.retry }))
    expect(await screen.findByText(t.emptyDriver)).toBeInTheDocument()
  })

  it('a load that is not the driver’s shows the error and no box to write in', async () => {
    stubFetch({
      [`GET ${THREAD}`]: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
    })
    render()
    expect(await screen.findByText(t.loadError)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })
})

function UnreadProbe({ loadId }: { loadId?: string }) {
  const unread = useLoadMessagesUnread(loadId)
  return <p data-testid="probe">{unread.data ?? 'none'}</p>
}

describe('useLoadMessagesUnread', () => {
  it("counts the office's unread messages on one load, or on all the driver's loads", async () => {
    stubFetch({
      'GET /api/portal/load-messages/unread': {
        status: 200,
        body: { total: 3, by_load: [{ load_id: LOAD, unread: 2 }, { load_id: 'load-2', unread: 1 }] },
      },
    })
    renderAt('/x', '/x', <UnreadProbe loadId={LOAD} />)
    expect(await screen.findByText('2')).toBeInTheDocument()
  })

  it('all loads', async () => {
    stubFetch({
      'GET /api/portal/load-messages/unread': {
        status: 200,
        body: { total: 3, by_load: [{ load_id: LOAD, unread: 2 }, { load_id: 'load-2', unread: 1 }] },
      },
    })
    renderAt('/x', '/x', <UnreadProbe />)
    expect(await screen.findByText('3')).toBeInTheDocument()
  })
})
