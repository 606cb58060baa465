import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query'

/** A saved copy older than this is not shown. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Bump when the portal's answers change shape, so a phone does not show an old copy in a new screen. */
export const CACHE_VERSION = '1'
const KEY = 'longhaul-portal-queries'

export interface SavedQueries {
  version: string
  savedAt: number
  state: DehydratedState
}

/** Where the copy lives: one localStorage item (a Map in tests). */
export interface QueryCopyStore {
  get(): Promise<SavedQueries | undefined>
  set(saved: SavedQueries): Promise<void>
  remove(): Promise<void>
}

/**
 * The copy in localStorage, read synchronously: the portal restores it before
 * its first render, so a phone offline shows its loads on the first frame
 * instead of after opening IndexedDB (150 ms and more on a slow phone).
 * A browser that refuses storage (private mode, full) simply keeps no copy.
 */
export function localQueryCopyStore(key = KEY): QueryCopyStore {
  return {
    get: () => {
      try {
        const text = window.localStorage.getItem(key)
        return Promise.resolve(text ? (JSON.parse(text) as SavedQueries) : undefined)
      } catch {
        return Promise.resolve(undefined)
      }
    },
    set: (saved) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(saved))
      } catch {
        // Full or refused: the previous copy stays, or none.
      }
      return Promise.resolve()
    },
    remove: () => {
      try {
        window.localStorage.removeItem(key)
      } catch {
        // Refused storage holds no copy to remove.
      }
      return Promise.resolve()
    },
  }
}

/**
 * Only the portal's own answers (keys ['portal', …]) that came back whole; an
 * invite is a one-time link, not something to read offline.
 */
export function shouldSave(query: Query): boolean {
  const [scope, kind] = query.queryKey
  return scope === 'portal' && kind !== 'invite' && query.state.status === 'success'
}

/** Puts the saved copy in the cache unless it is too old or of another version. Returns when it was saved. */
export async function restoreQueries(
  client: QueryClient,
  store: QueryCopyStore,
  now: number = Date.now(),
): Promise<number | null> {
  const saved = await store.get().catch(() => undefined)
  if (!saved) return null
  if (saved.version !== CACHE_VERSION || now - saved.savedAt > MAX_AGE_MS) {
    await store.remove().catch(() => undefined)
    return null
  }
  // Newer data already fetched meanwhile wins (hydrate keeps it).
  hydrate(client, saved.state)
  // A copy is for showing, never a reason to skip asking: however recent, each
  // restored query is stale, so a screen (or the entry's prefetch) asks again —
  // and the home page's answer sets the session's CSRF token, which no copy does.
  const copied = new Map(saved.state.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]))
  await client.invalidateQueries({
    predicate: (query) => copied.get(query.queryHash) === query.state.dataUpdatedAt,
    refetchType: 'none',
  })
  return saved.savedAt
}

/**
 * Saves the portal's queries whenever the cache changes (a burst of changes
 * once, at most once per `throttleMs`, and at once when the page is hidden or
 * left: a phone may close it any time). Returns the unsubscribe.
 */
export function saveQueries(
  client: QueryClient,
  store: QueryCopyStore,
  { throttleMs = 250, now = Date.now }: { throttleMs?: number; now?: () => number } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    const state = dehydrate(client, { shouldDehydrateQuery: shouldSave })
    void store.set({ version: CACHE_VERSION, savedAt: now(), state }).catch(() => undefined)
  }
  const schedule = () => {
    timer ??= setTimeout(save, throttleMs)
  }
  const onHide = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) save()
  }
  const onLeave = () => {
    if (timer !== undefined) save()
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === 'portal') schedule()
  })
  document.addEventListener('visibilitychange', onHide)
  window.addEventListener('pagehide', onLeave)
  // What was fetched while the copy was being read.
  schedule()
  return () => {
    unsubscribe()
    document.removeEventListener('visibilitychange', onHide)
    window.removeEventListener('pagehide', onLeave)
    if (timer !== undefined) save()
  }
}
