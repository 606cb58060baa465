import { Outbox } from './outbox'
import { httpSender } from './outbox-http'
import { idbOutboxStore } from './outbox-store'

const outboxes = new Map<string, Outbox>()

/**
 * The page's one outbox for a portal, started on first use: it reads what an
 * earlier visit left in IndexedDB and sends it, then again whenever the
 * network comes back.
 */
export function getOutbox(portal: string): Outbox {
  let outbox = outboxes.get(portal)
  if (!outbox) {
    const created = new Outbox({ portal, store: idbOutboxStore(), send: httpSender() })
    outboxes.set(portal, created)
    // Without IndexedDB (a test page, a locked-down browser) there is nothing to send.
    window.addEventListener('online', () => void created.drain().catch(() => undefined))
    void created.start().catch(() => undefined)
    outbox = created
  }
  return outbox
}
