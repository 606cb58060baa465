import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CACHE_VERSION,
  localQueryCopyStore,
  MAX_AGE_MS,
  restoreQueries,
  saveQueries,
  type QueryCopyStore,
  type SavedQueries,
} from './query-persister'

function memoryStore(): QueryCopyStore & { saved?: SavedQueries } {
  const store: QueryCopyStore & { saved?: SavedQueries } = {
    get: async () => store.saved,
    set: async (saved) => {
      store.saved = saved
    },
    remove: async () => {
      store.saved = undefined
    },
  }
  return store
}

const loads = [{ id: 'load-1', reference: 'LH-1001' }]

describe('the portal’s saved copy of its queries', () => {
  afterEach(() => vi.useRealTimers())

  it('saves the portal’s answers only, and brings them back with the time they were fetched', async () => {
    const store = memoryStore()
    const client = new QueryClient()
    client.setQueryData(['portal', 'loads', 'active'], loads, { updatedAt: 1_000 })
    client.setQueryData(['portal', 'me'], { driver: 'Ann' })
    client.setQueryData(['portal', 'invite', 'fleet-1', 'token'], { email: 'a@b.test' })
    client.setQueryData(['fleet', 'trucks'], [{ id: 't' }])
    const stop = saveQueries(client, store, { throttleMs: 0 })
    stop()

    const keys = store.saved?.state.queries.map((q) => q.queryKey)
    expect(keys).toEqual([
      ['portal', 'loads', 'active'],
      ['portal', 'me'],
    ])

    const next = new QueryClient()
    expect(await restoreQueries(next, store)).toBe(store.saved?.savedAt)
    expect(next.getQueryData(['portal', 'loads', 'active'])).toEqual(loads)
    expect(next.getQueryState(['portal', 'loads', 'active'])?.dataUpdatedAt).toBe(1_000)
    expect(next.getQueryData(['fleet', 'trucks'])).toBeUndefined()
  })

  it('brings the copy back stale, however recent, so that a screen asks again', async () => {
    const client = new QueryClient()
    client.setQueryData(['portal', 'me'], { csrf_token: 't' })
    const store = memoryStore()
    saveQueries(client, store, { throttleMs: 0 })()

    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    await restoreQueries(next, store)
    expect(next.getQueryData(['portal', 'me'])).toEqual({ csrf_token: 't' })
    const fetched = vi.fn(async () => ({ csrf_token: 'fresh' }))
    await next.prefetchQuery({ queryKey: ['portal', 'me'], queryFn: fetched })
    expect(fetched).toHaveBeenCalledOnce()
    expect(next.getQueryData(['portal', 'me'])).toEqual({ csrf_token: 'fresh' })
  })

  it('does not save a query that failed or has not answered', async () => {
    const store = memoryStore()
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await client
      .fetchQuery({ queryKey: ['portal', 'loads'], queryFn: () => Promise.reject(new Error('offline')) })
      .catch(() => undefined)
    saveQueries(client, store, { throttleMs: 0 })()
    expect(store.saved?.state.queries).toEqual([])
  })

  it('saves at most once per interval while the cache changes', async () => {
    vi.useFakeTimers()
    const store = memoryStore()
    const set = vi.spyOn(store, 'set')
    const client = new QueryClient()
    const stop = saveQueries(client, store, { throttleMs: 1_000 })
    client.setQueryData(['portal', 'loads'], loads)
    client.setQueryData(['portal', 'loads'], [...loads, { id: 'load-2' }])
    expect(set).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(set).toHaveBeenCalledTimes(1)
    expect(store.saved?.state.queries[0].state.data).toHaveLength(2)
    stop()
  })

  it('keeps newer data the page fetched while the copy was being read', async () => {
    const store = memoryStore()
    const old = new QueryClient()
    old.setQueryData(['portal', 'loads'], [{ id: 'old' }], { updatedAt: 1_000 })
    saveQueries(old, store, { throttleMs: 0 })()

    const client = new QueryClient()
    client.setQueryData(['portal', 'loads'], [{ id: 'fresh' }], { updatedAt: 2_000 })
    await restoreQueries(client, store)
    expect(client.getQueryData(['portal', 'loads'])).toEqual([{ id: 'fresh' }])
  })

  it('drops a copy older than a week, or of another version', async () => {
    const store = memoryStore()
    const client = new QueryClient()
    client.setQueryData(['portal', 'loads'], loads)
    saveQueries(client, store, { throttleMs: 0, now: () => 0 })()
    expect(await restoreQueries(new QueryClient(), store, MAX_AGE_MS + 1)).toBeNull()
    expect(store.saved).toBeUndefined()

    saveQueries(client, store, { throttleMs: 0 })()
    store.saved = { ...store.saved!, version: `${CACHE_VERSION}-old` }
    const next = new QueryClient()
    expect(await restoreQueries(next, store)).toBeNull()
    expect(next.getQueryData(['portal', 'loads'])).toBeUndefined()
  })

  describe('in localStorage', () => {
    const key = 'test-portal-queries'
    afterEach(() => window.localStorage.removeItem(key))

    it('survives the browser closing', async () => {
      const client = new QueryClient()
      client.setQueryData(['portal', 'loads'], loads, { updatedAt: 5_000 })
      const stop = saveQueries(client, localQueryCopyStore(key), { throttleMs: 0 })
      stop()
      expect(window.localStorage.getItem(key)).not.toBeNull()

      const next = new QueryClient()
      await restoreQueries(next, localQueryCopyStore(key))
      expect(next.getQueryData(['portal', 'loads'])).toEqual(loads)
      expect(next.getQueryState(['portal', 'loads'])?.dataUpdatedAt).toBe(5_000)
    })

    it('keeps no copy, and fails nothing, when the browser refuses storage', async () => {
      const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('full', 'QuotaExceededError')
      })
      try {
        const client = new QueryClient()
        client.setQueryData(['portal', 'loads'], loads)
        saveQueries(client, localQueryCopyStore(key), { throttleMs: 0 })()
        expect(await localQueryCopyStore(key).get()).toBeUndefined()
      } finally {
        setItem.mockRestore()
      }
    })

    it('ignores a copy that does not parse', async () => {
      window.localStorage.setItem(key, '{not json')
      expect(await restoreQueries(new QueryClient(), localQueryCopyStore(key))).toBeNull()
    })
  })
})
