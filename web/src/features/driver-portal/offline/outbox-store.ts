import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { OutboxRecord } from './outbox-types'

/** The portal's own IndexedDB database: the outbox and the saved copy of its queries. */
export const PORTAL_DB = 'longhaul-portal'

interface PortalDb extends DBSchema {
  outbox: { key: number; value: OutboxRecord; indexes: { portal: string; clientId: string } }
  queries: { key: string; value: unknown }
}

const opened = new Map<string, Promise<IDBPDatabase<PortalDb>>>()

/** One connection per database name for the page's life (tests use a fresh name each). */
export function portalDb(name = PORTAL_DB): Promise<IDBPDatabase<PortalDb>> {
  let db = opened.get(name)
  if (!db) {
    db = openDB<PortalDb>(name, 1, {
      upgrade(database) {
        const outbox = database.createObjectStore('outbox', { keyPath: 'key', autoIncrement: true })
        outbox.createIndex('portal', 'portal')
        outbox.createIndex('clientId', 'clientId', { unique: true })
        database.createObjectStore('queries')
      },
      // Another tab opened a newer version: let it, and open again on next use.
      blocking() {
        void db?.then((d) => d.close())
        opened.delete(name)
      },
    })
    opened.set(name, db)
  }
  return db
}

/** Forgets the connection (a test's "browser closed"); the data stays. */
export async function closePortalDb(name = PORTAL_DB): Promise<void> {
  const db = opened.get(name)
  opened.delete(name)
  if (db) (await db).close()
}

export interface OutboxStore {
  add(record: OutboxRecord): Promise<number>
  /** A portal's records, oldest first. */
  list(portal: string): Promise<(OutboxRecord & { key: number })[]>
  put(record: OutboxRecord & { key: number }): Promise<void>
  remove(key: number): Promise<void>
}

export function idbOutboxStore(name = PORTAL_DB): OutboxStore {
  return {
    async add(record) {
      return (await portalDb(name)).add('outbox', record)
    },
    async list(portal) {
      // An index lists equal values in primary-key order: the order they were queued.
      const records = await (await portalDb(name)).getAllFromIndex('outbox', 'portal', portal)
      return records as (OutboxRecord & { key: number })[]
    },
    async put(record) {
      await (await portalDb(name)).put('outbox', record)
    },
    async remove(key) {
      await (await portalDb(name)).delete('outbox', key)
    },
  }
}
