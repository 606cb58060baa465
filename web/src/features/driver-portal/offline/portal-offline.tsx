import { IsRestoringProvider, onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { portalKeys } from '../api/portal-queries'
import type { PortalConfig, PortalHome } from '../api/types'
import { getOutbox } from './outbox-registry'
import { portalLoadsKey } from './portal-loads-key'
import { localQueryCopyStore, saveQueries } from './query-persister'
import { forgetOldSavedCopy, isRestored, restoreSavedQueries } from './saved-queries'
import { registerPortalServiceWorker } from './service-worker'
import { portalManifest, setManifestLink } from './web-manifest'

// TanStack Query assumes it is online until an event says otherwise: a page opened offline would
// try (and fail) each query instead of pausing it on the saved copy. Set before any portal screen
// renders (its queries start in effects that run before this component's own).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)

/**
 * What makes a fleet's portal work offline, around its pages: the saved copy
 * of its queries (restored, then kept up to date), the outbox (started, and
 * refreshing the loads after each write it sends), the service worker and the
 * web manifest (decision 045).
 */
export function PortalOffline({ fleetId, children }: { fleetId: string; children: ReactNode }) {
  const client = useQueryClient()
  const restoring = useSavedQueries(client)
  useOutboxStarted(client, fleetId)
  usePortalManifest(fleetId)
  useEffect(registerPortalServiceWorker, [])
  // While the copy is read (a few ms), queries wait: they then start from it, and an answer
  // that fails shows the copy with its error rather than the error alone.
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
}

/** Restores the saved copy once per page, then keeps it saved; true until it is restored. */
function useSavedQueries(client: QueryClient): boolean {
  const [restoring, setRestoring] = useState(() => {
    // Reading starts with the first render (if the entry has not started it), not after it has been painted.
    void restoreSavedQueries(client)
    return !isRestored()
  })
  useEffect(() => {
    let stop: (() => void) | undefined
    let active = true
    // Saving starts after the copy is read, so that an empty cache cannot overwrite it.
    void restoreSavedQueries(client).then(() => {
      if (!active) return
      setRestoring(false)
      stop = saveQueries(client, localQueryCopyStore())
      forgetOldSavedCopy()
    })
    return () => {
      active = false
      stop?.()
    }
  }, [client])
  return restoring
}

/** The load in a write's answer: an event's answer is the load, an upload's is `{ document, load }`. */
function loadOf(answer: unknown): { id: string } | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined
  const candidate = 'load' in answer ? (answer as { load: unknown }).load : answer
  if (typeof candidate !== 'object' || candidate === null || !('stops' in candidate) || !('id' in candidate)) return undefined
  return candidate as { id: string }
}

function useOutboxStarted(client: QueryClient, fleetId: string) {
  useEffect(() => {
    if (!fleetId) return
    const outbox = getOutbox(fleetId)
    const offSent = outbox.onSent((record, answer) => {
      // The answer is the load as it now stands: shown at once, even if the network drops again
      // before a refetch could bring it.
      const load = loadOf(answer)
      if (load?.id === record.loadId) client.setQueryData(['portal', 'loads', 'one', load.id], load)
      void client.invalidateQueries({ queryKey: portalLoadsKey })
    })
    // A session (a sign-in, or the home page's answer) lets writes held for one go.
    const offSession = client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryKey[0] === 'portal' &&
        event.query.queryKey[1] === 'me'
      )
        void outbox.drain().catch(() => undefined)
    })
    return () => {
      offSent()
      offSession()
    }
  }, [client, fleetId])
}

/**
 * The fleet's name and color as soon as a portal screen has them; nothing is
 * fetched for it. Read from the cache, not through useQuery: an observer
 * without the screen's queryFn would replace it on the query.
 */
function usePortalManifest(fleetId: string) {
  const client = useQueryClient()
  const subscribe = useCallback((listener: () => void) => client.getQueryCache().subscribe(listener), [client])
  const fleetKey = useSyncExternalStore(subscribe, () => {
    const home = client.getQueryData<PortalHome>(portalKeys.me)
    const fleet = home?.fleet.fleet_id === fleetId ? home.fleet : client.getQueryData<PortalConfig>(portalKeys.config(fleetId))
    return fleet ? JSON.stringify([fleet.fleet_name, fleet.primary_color]) : ''
  })
  useEffect(() => {
    if (!fleetId) return
    const [name, color] = fleetKey ? (JSON.parse(fleetKey) as [string, string]) : []
    const known = name && color ? { fleet_id: fleetId, fleet_name: name, primary_color: color } : null
    return setManifestLink(portalManifest(known, fleetId, window.location.origin))
  }, [fleetId, fleetKey])
}
