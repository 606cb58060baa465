import type { QueryClient } from '@tanstack/react-query'
import { portalDb } from './outbox-store'
import { localQueryCopyStore, MAX_AGE_MS, restoreQueries } from './query-persister'

let restored: Promise<unknown> | null = null
let restoreDone = false
const RESTORE_TIMEOUT_MS = 1_000

/**
 * Puts the phone's saved copy of the portal's answers in `client`'s cache,
 * once per page. The portal's entry awaits it before its first render
 * (portal-main.tsx), so that render shows the copy; PortalOffline starts it
 * otherwise. Never fails.
 */
export function restoreSavedQueries(client: QueryClient): Promise<unknown> {
  // Before any portal query is built: a copy that outlives its screen for as long as it may be shown.
  client.setQueryDefaults(['portal'], { gcTime: MAX_AGE_MS })
  // A storage that does not answer holds no screen back for long.
  restored ??= Promise.race([
    restoreQueries(client, localQueryCopyStore()),
    new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
  ]).finally(() => (restoreDone = true))
  return restored
}

/**
 * Deletes the copy an earlier version kept in IndexedDB (decision 045, replaced
 * by 048): it is never read again and holds the driver's loads.
 */
export function forgetOldSavedCopy(): void {
  // Inside the chain: where there is no IndexedDB at all, opening it throws.
  void Promise.resolve()
    .then(() => portalDb())
    .then((db) => db.delete('queries', 'portal-queries'))
    .catch(() => undefined)
}

/** True once the saved copy has been read (or given up on). */
export const isRestored = (): boolean => restoreDone
