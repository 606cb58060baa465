import type { OutboxStore } from './outbox-store'
import type { OutboxInput, OutboxItem, OutboxRecord, Sender } from './outbox-types'

export interface OutboxOptions {
  /** The fleet whose portal this queue belongs to. */
  portal: string
  store: OutboxStore
  send: Sender
  /** Milliseconds before the next attempt after `attempts` unanswered ones. */
  backoff?: (attempts: number) => number
  newId?: () => string
  now?: () => number
  /** Runs a drain so that only one tab sends at a time (Web Locks where the browser has them). */
  exclusive?: <T>(name: string, run: () => Promise<T>) => Promise<T>
  /** False when the browser knows it has no network: nothing is tried until the `online` event. */
  online?: () => boolean
}

/** 2 s, 4 s, 8 s … at most a minute; the `online` event and each new item try again at once. */
export const defaultBackoff = (attempts: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1))

const webLocks = <T,>(name: string, run: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request(name, run) as Promise<T>)
    : run()

/**
 * The portal's writes made on the phone, kept in IndexedDB until the server
 * has them, and sent one at a time in the order they were made. An item the
 * server did not answer (no network, 5xx, 408, 429) blocks those behind it and
 * is tried again later; a refused one (another 4xx) stops being sent and
 * waits for the driver to discard it, so the rest can go. Each carries a
 * client id: a repeat after a lost answer or a closed browser is, to the
 * server, the same write (decision 045).
 */
export class Outbox {
  readonly portal: string
  #store: OutboxStore
  #send: Sender
  #backoff: (attempts: number) => number
  #newId: () => string
  #now: () => number
  #exclusive: NonNullable<OutboxOptions['exclusive']>
  #online: () => boolean

  #items: readonly OutboxItem[] = []
  #records: (OutboxRecord & { key: number })[] = []
  #listeners = new Set<() => void>()
  #sentListeners = new Set<(record: OutboxRecord, answer?: unknown) => void>()
  #sendingKey: number | null = null
  #signedOut = false
  #draining: Promise<void> | null = null
  #again = false
  #timer: ReturnType<typeof setTimeout> | undefined
  #stopped = false

  constructor(options: OutboxOptions) {
    this.portal = options.portal
    this.#store = options.store
    this.#send = options.send
    this.#backoff = options.backoff ?? defaultBackoff
    this.#newId = options.newId ?? (() => crypto.randomUUID())
    this.#now = options.now ?? Date.now
    this.#exclusive = options.exclusive ?? webLocks
    this.#online = options.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  }

  /** The items not yet sent, oldest first (a stable array between changes, for useSyncExternalStore). */
  snapshot = (): readonly OutboxItem[] => this.#items

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Called after the server has taken an item (to refresh what it changed). */
  onSent(listener: (record: OutboxRecord, answer?: unknown) => void): () => void {
    this.#sentListeners.add(listener)
    return () => this.#sentListeners.delete(listener)
  }

  /** Reads the queue from IndexedDB (as after a reload) and sends what waits. */
  async start(): Promise<void> {
    await this.#reload()
    await this.drain()
  }

  /** Stops the retry timer (a test's "tab closed"); IndexedDB keeps the items. */
  stop(): void {
    this.#stopped = true
    clearTimeout(this.#timer)
  }

  enqueue = async (input: OutboxInput): Promise<OutboxRecord> => {
    const base = {
      clientId: this.#newId(),
      portal: this.portal,
      loadId: input.loadId,
      seq: input.seq,
      createdAt: this.#now(),
      attempts: 0,
      state: 'waiting' as const,
    }
    const record: OutboxRecord =
      input.kind === 'stop_event'
        ? { ...base, kind: 'stop_event', body: input.body }
        : {
            ...base,
            kind: 'document',
            fields: input.fields,
            bytes: await input.blob.arrayBuffer(),
            fileName: input.fileName,
            mimeType: input.mimeType,
            ...(input.pages === undefined ? {} : { pages: input.pages }),
          }
    const key = await this.#store.add(record)
    await this.#reload()
    void this.drain().catch(() => undefined)
    return { ...record, key }
  }

  /** Drops a refused item for good. Items still waiting are not the driver's to drop. */
  discard = async (key: number): Promise<void> => {
    const record = this.#records.find((r) => r.key === key)
    if (!record || record.state !== 'rejected') return
    await this.#store.remove(key)
    await this.#reload()
  }

  /**
   * Sends what waits, in order, until the queue is empty or an item must wait.
   * One drain runs at a time; a call during one makes it look again when done.
   */
  drain = (): Promise<void> => {
    if (this.#stopped) return Promise.resolve()
    if (this.#draining) {
      this.#again = true
      return this.#draining
    }
    clearTimeout(this.#timer)
    this.#draining = this.#exclusive(`longhaul-outbox-${this.portal}`, () => this.#run()).finally(() => {
      this.#draining = null
    })
    return this.#draining
  }

  async #run(): Promise<void> {
    do {
      this.#again = false
      this.#signedOut = false
      await this.#reload()
      for (const record of this.#records) {
        if (record.state === 'rejected') continue
        if (this.#stopped || !this.#online()) return
        this.#sendingKey = record.key
        this.#publish()
        const outcome = await this.#send(record).catch(() => ({ result: 'retry' as const }))
        this.#sendingKey = null
        if (outcome.result === 'sent') {
          await this.#store.remove(record.key)
          this.#sentListeners.forEach((listener) => listener(record, outcome.answer))
          await this.#reload()
          continue
        }
        if (outcome.result === 'rejected') {
          await this.#store.put({ ...record, state: 'rejected', error: outcome.message })
          await this.#reload()
          continue
        }
        if (outcome.result === 'signed_out') {
          // Nothing can go until the driver signs in again (a new drain then).
          this.#signedOut = true
          this.#publish()
          return
        }
        const attempts = record.attempts + 1
        await this.#store.put({ ...record, attempts })
        await this.#reload()
        if (!this.#stopped) this.#timer = setTimeout(() => void this.drain().catch(() => undefined), this.#backoff(attempts))
        return
      }
    } while (this.#again)
    this.#publish()
  }

  async #reload(): Promise<void> {
    this.#records = await this.#store.list(this.portal)
    this.#publish()
  }

  #publish(): void {
    const firstWaiting = this.#records.find((r) => r.state === 'waiting')
    this.#items = this.#records.map((record) => ({
      ...record,
      status:
        record.state === 'rejected'
          ? 'rejected'
          : record.key === this.#sendingKey
            ? 'sending'
            : this.#signedOut && record === firstWaiting
              ? 'signed_out'
              : 'waiting',
    }))
    this.#listeners.forEach((listener) => listener())
  }
}
