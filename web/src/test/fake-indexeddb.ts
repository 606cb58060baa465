import * as fake from 'fake-indexeddb'
import { vi } from 'vitest'

const CLASSES = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const

/**
 * An in-memory IndexedDB (jsdom has none) as the page's globals; the setup's
 * afterAll unstubs it. Each call starts an empty one, like a new phone.
 */
export function installFakeIndexedDb(): void {
  for (const name of CLASSES) vi.stubGlobal(name, fake[name])
  vi.stubGlobal('indexedDB', new fake.IDBFactory())
}

let count = 0
/** A database name no other test has used (connections are kept per name for the page's life). */
export const freshDbName = () => `test-portal-${++count}`
