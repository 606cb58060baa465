import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { freshDbName, installFakeIndexedDb } from '@/test/fake-indexeddb'
import { Outbox } from './outbox'
import { classify, httpSender, requestBody } from './outbox-http'
import { closePortalDb, idbOutboxStore } from './outbox-store'
import type { OutboxRecord, SendOutcome } from './outbox-types'

/** A fake server: it keeps each write once by client id, as the real one does. */
function fakeServer() {
  const writes = new Map<string, OutboxRecord>()
  const received: string[] = []
  let answers: SendOutcome[] = []
  let lostAnswers = 0
  return {
    writes,
    received,
    /** The next answers, in turn; after them every write is taken. */
    answer: (...next: SendOutcome[]) => {
      answers = next
    },
    /** The next `n` writes are stored, but their answer never reaches the phone. */
    loseAnswers: (n: number) => {
      lostAnswers = n
    },
    send: async (record: OutboxRecord): Promise<SendOutcome> => {
      received.push(record.clientId)
      const next = answers.shift()
      if (next && next.result !== 'sent') return next
      if (!writes.has(record.clientId)) writes.set(record.clientId, record)
      if (lostAnswers > 0) {
        lostAnswers--
        return { result: 'retry' }
      }
      return { result: 'sent' }
    },
  }
}

let ids = 0
function makeOutbox(dbName: string, server: ReturnType<typeof fakeServer>, online = () => true) {
  return new Outbox({
    portal: 'fleet-1',
    store: idbOutboxStore(dbName),
    send: server.send,
    backoff: () => 5,
    newId: () => `client-${++ids}`,
    exclusive: (_name, run) => run(),
    online,
  })
}

const event = (seq: number, name: 'arrived' | 'completed' | 'departed' = 'arrived') =>
  ({ kind: 'stop_event', loadId: 'load-1', seq, body: { event: name, at: '2026-03-01T14:00:00Z' } }) as const

const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 })

describe('Outbox', () => {
  let dbName: string
  const outboxes: Outbox[] = []
  beforeEach(() => {
    installFakeIndexedDb()
    dbName = freshDbName()
  })
  afterEach(async () => {
    outboxes.splice(0).forEach((outbox) => outbox.stop())
    await closePortalDb(dbName)
  })
  const open = (server: ReturnType<typeof fakeServer>, online?: () => boolean) => {
    const outbox = makeOutbox(dbName, server, online)
    outboxes.push(outbox)
    return outbox
  }

  it('sends what was queued offline in the order it was made once the network is back', async () => {
    const server = fakeServer()
    let online = false
    const outbox = open(server, () => online)
    await outbox.enqueue(event(1, 'arrived'))
    await outbox.enqueue(event(1, 'completed'))
    await outbox.enqueue({
      kind: 'document',
      loadId: 'load-1',
      seq: 1,
      fields: { kind: 'pod', receiver_name: 'Dock 4' },
      blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      fileName: 'pod.pdf',
      mimeType: 'application/pdf',
    })
    await outbox.enqueue(event(1, 'departed'))
    expect(server.received).toEqual([])
    expect(outbox.snapshot().map((item) => item.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting'])

    online = true
    await outbox.drain()
    expect(server.received).toHaveLength(4)
    const sent = server.received.map((id) => server.writes.get(id))
    expect(sent.map((r) => (r?.kind === 'stop_event' ? r.body.event : r?.kind))).toEqual([
      'arrived',
      'completed',
      'document',
      'departed',
    ])
    expect(outbox.snapshot()).toEqual([])
  })

  it('gives each write its own client id and sends a write whose answer was lost with the same one', async () => {
    const server = fakeServer()
    server.loseAnswers(1)
    const outbox = open(server)
    await outbox.enqueue(event(1))
    await waitFor(() => outbox.snapshot().length === 0)
    await outbox.enqueue(event(2))
    await waitFor(() => outbox.snapshot().length === 0)

    // The first went twice (its answer was lost), with one id: the server kept it once.
    expect(server.received).toEqual(['client-' + (ids - 1), 'client-' + (ids - 1), 'client-' + ids])
    expect(server.writes.size).toBe(2)
  })

  it('holds the writes behind one the server did not answer, and tries again later', async () => {
    const server = fakeServer()
    server.answer({ result: 'retry' }, { result: 'retry' })
    const outbox = open(server)
    await outbox.enqueue(event(1, 'arrived'))
    await outbox.enqueue(event(1, 'departed'))
    await waitFor(() => outbox.snapshot().length === 0)
    const [first, second] = [...server.writes.values()]
    expect(first.kind === 'stop_event' && first.body.event).toBe('arrived')
    expect(second.kind === 'stop_event' && second.body.event).toBe('departed')
    // Tried three times, and nothing of the second before the first was through.
    expect(server.received).toEqual([first.clientId, first.clientId, first.clientId, second.clientId])
  })

  it('keeps a refused write visible with the server message until discarded, and sends the rest', async () => {
    const server = fakeServer()
    server.answer({ result: 'rejected', message: 'This stop is already completed.' })
    const outbox = open(server)
    await outbox.enqueue(event(1, 'completed'))
    await outbox.enqueue(event(2, 'arrived'))
    await waitFor(() => outbox.snapshot().length === 1)
    const [refused] = outbox.snapshot()
    expect(refused).toMatchObject({ status: 'rejected', error: 'This stop is already completed.', seq: 1 })
    expect(server.writes.size).toBe(1)

    // Not sent again by later drains.
    await outbox.drain()
    expect(server.received).toHaveLength(2)

    await outbox.discard(refused.key)
    expect(outbox.snapshot()).toEqual([])
  })

  it('does not let a waiting write be discarded', async () => {
    const server = fakeServer()
    const outbox = open(server, () => false)
    await outbox.enqueue(event(1))
    await outbox.discard(outbox.snapshot()[0].key)
    expect(outbox.snapshot()).toHaveLength(1)
  })

  it('keeps its writes when the browser is closed, and sends them from the next visit', async () => {
    const server = fakeServer()
    const first = open(server, () => false)
    await first.enqueue(event(1, 'arrived'))
    await first.enqueue({
      kind: 'document',
      loadId: 'load-1',
      seq: 1,
      fields: { kind: 'pod' },
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
      fileName: 'pod.jpg',
      mimeType: 'image/jpeg',
      pages: 2,
    })
    const ids = first.snapshot().map((item) => item.clientId)
    first.stop()
    await closePortalDb(dbName)

    const next = open(server)
    await next.start()
    expect(server.received).toEqual(ids)
    const upload = server.writes.get(ids[1])
    expect(upload?.kind === 'document' && new Uint8Array(upload.bytes)).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))
    expect(next.snapshot()).toEqual([])
  })

  it('waits for a sign-in when the session has ended, then sends', async () => {
    const server = fakeServer()
    server.answer({ result: 'signed_out' })
    const outbox = open(server)
    const sent = vi.fn()
    outbox.onSent(sent)
    await outbox.enqueue(event(1))
    await waitFor(() => outbox.snapshot()[0]?.status === 'signed_out')
    expect(sent).not.toHaveBeenCalled()

    await outbox.drain()
    expect(outbox.snapshot()).toEqual([])
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it('keeps each portal to its own queue', async () => {
    const server = fakeServer()
    const mine = open(server, () => false)
    await mine.enqueue(event(1))
    const other = new Outbox({ portal: 'fleet-2', store: idbOutboxStore(dbName), send: server.send, online: () => false })
    outboxes.push(other)
    await other.start()
    expect(other.snapshot()).toEqual([])
    expect(mine.snapshot()).toHaveLength(1)
  })
})

describe('what an answer means for a queued write', () => {
  it.each([
    [new ApiError(0, 'network_error', 'x'), 'retry'],
    [new ApiError(500, 'internal', 'x'), 'retry'],
    [new ApiError(503, 'http_error', 'x'), 'retry'],
    [new ApiError(408, 'timeout', 'x'), 'retry'],
    [new ApiError(429, 'rate_limited', 'x'), 'retry'],
    [new TypeError('Failed to fetch'), 'retry'],
    [new ApiError(401, 'unauthorized', 'x'), 'signed_out'],
    [new ApiError(400, 'invalid', 'x'), 'rejected'],
    [new ApiError(404, 'not_found', 'x'), 'rejected'],
    [new ApiError(409, 'conflict', 'x'), 'rejected'],
    [new ApiError(413, 'too_large', 'x'), 'rejected'],
    [new ApiError(422, 'invalid', 'x'), 'rejected'],
  ])('%s → %s', (error, result) => {
    expect(classify(error).result).toBe(result)
  })

  it('keeps the server message of a refusal', () => {
    expect(classify(new ApiError(422, 'invalid', 'Arrive before you depart.'))).toEqual({
      result: 'rejected',
      message: 'Arrive before you depart.',
    })
  })
})

describe('httpSender', () => {
  const record: OutboxRecord = {
    key: 1,
    clientId: 'c-1',
    portal: 'fleet-1',
    loadId: 'load/1',
    seq: 2,
    createdAt: 0,
    attempts: 0,
    state: 'waiting',
    kind: 'stop_event',
    body: { event: 'arrived', at: '2026-03-01T14:00:00Z', lat: 41.88, lon: -87.63 },
  }

  it('posts an event as JSON with its client id', async () => {
    const request = vi.fn().mockResolvedValue({})
    const send = httpSender({ request, refreshSession: vi.fn(), csrfToken: () => 'token' })
    expect(await send(record)).toEqual({ result: 'sent', answer: {} })
    expect(request).toHaveBeenCalledWith('/api/portal/loads/load%2F1/stops/2/events', {
      method: 'POST',
      body: { client_id: 'c-1', event: 'arrived', at: '2026-03-01T14:00:00Z', lat: 41.88, lon: -87.63 },
    })
  })

  it('posts a document as multipart with its client id, fields and the file last', async () => {
    const form = requestBody({
      ...record,
      kind: 'document',
      fields: { kind: 'lumper_receipt', amount_cents: 4500 },
      bytes: new Uint8Array([1, 2, 3]).buffer,
      fileName: 'receipt.jpg',
      mimeType: 'image/jpeg',
    }) as FormData
    expect([...form.keys()]).toEqual(['client_id', 'kind', 'amount_cents', 'file'])
    expect(form.get('client_id')).toBe('c-1')
    expect(form.get('amount_cents')).toBe('4500')
    const file = form.get('file') as File
    expect(file.name).toBe('receipt.jpg')
    expect(file.size).toBe(3)
  })

  it('asks for the session first when the page started offline without a CSRF token', async () => {
    const calls: string[] = []
    const request = vi.fn().mockImplementation(async () => {
      calls.push('post')
      return {}
    })
    const refreshSession = vi.fn(async () => calls.push('session'))
    const send = httpSender({ request, refreshSession, csrfToken: () => null })
    await send(record)
    expect(calls).toEqual(['session', 'post'])
  })

  it('fetches a new CSRF token once when the old one is refused', async () => {
    const request = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(403, 'csrf_invalid', 'Refresh the page.'))
      .mockResolvedValueOnce({})
    const refreshSession = vi.fn().mockResolvedValue(undefined)
    const send = httpSender({ request, refreshSession, csrfToken: () => 'old' })
    expect(await send(record)).toEqual({ result: 'sent', answer: {} })
    expect(refreshSession).toHaveBeenCalledTimes(1)
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('waits for a sign-in when the session cannot be had', async () => {
    const send = httpSender({
      request: vi.fn(),
      refreshSession: vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'Sign in.')),
      csrfToken: () => null,
    })
    expect(await send(record)).toEqual({ result: 'signed_out' })
  })
})
