import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState } from 'react'
import { api, ApiError } from '@/lib/api-client'
import { isRunActive, useEld, type EldView, type SyncKind, type SyncRun } from '@/lib/eld'
import { queryKeys } from '@/lib/query-keys'

const keys = queryKeys.fleet

/** How often a running sync is asked for its progress. */
export const SYNC_POLL_MS = 1000

/** POST /api/fleet/eld/syncs: starts a sync, or answers the one of that kind already queued or running. */
export const startSync = (kind: SyncKind) => api.post<SyncRun>('/api/fleet/eld/syncs', { kind })

export const fetchSyncRun = (id: string, signal?: AbortSignal) =>
  api.get<SyncRun>(`/api/fleet/eld/syncs/${encodeURIComponent(id)}`, signal)

/** The lists a finished sync of each kind changes (a driver sync also writes the trucks' assigned drivers). */
const changedBy: Record<SyncKind, readonly (readonly string[])[]> = {
  trucks: [keys.trucks, keys.truck, keys.drivers, keys.driver],
  trailers: [keys.trailers, keys.trailer, keys.driver],
  drivers: [keys.drivers, keys.driver, keys.trucks, keys.truck, keys.trailers, keys.trailer],
}

function invalidateAfterSync(queryClient: QueryClient, kind: SyncKind): Promise<unknown> {
  return Promise.all(
    [...changedBy[kind], keys.overview, keys.eld, keys.eldSyncs].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}

/** Puts `run` into the cached GET /api/fleet/eld `running` list, or takes it out once it has ended. */
function cacheRunning(queryClient: QueryClient, run: SyncRun) {
  queryClient.setQueryData<EldView>(keys.eld, (old) => {
    if (!old) return old
    const others = old.running.filter((item) => item.id !== run.id && item.kind !== run.kind)
    return { ...old, running: isRunActive(run) ? [...others, run] : others }
  })
}

// The runs whose end this tab has announced, per query client: two buttons of
// one kind (the Drivers header and its empty state) watch the same run, and
// its end is toasted once.
const announcedBy = new WeakMap<QueryClient, Set<string>>()

function firstAnnouncement(queryClient: QueryClient, runId: string): boolean {
  let announced = announcedBy.get(queryClient)
  if (!announced) {
    announced = new Set()
    announcedBy.set(queryClient, announced)
  }
  if (announced.has(runId)) return false
  announced.add(runId)
  return true
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

export interface EldSyncHandlers {
  /** The run ended (succeeded or failed); `eld` is the cached ELD state, for the provider's label. */
  onEnd: (run: SyncRun, eld: EldView | undefined) => void
  /** Starting failed. */
  onStartError: (error: Error) => void
}

/**
 * One kind's ELD sync: `start` asks the server for a run, which is then polled
 * every second until it ends; a run already going when the page opens (GET
 * /api/fleet/eld `running`) is picked up the same way. When it ends the lists
 * it changed are refreshed and `onEnd` runs once.
 */
export function useEldSync(kind: SyncKind, { onEnd, onStartError }: EldSyncHandlers) {
  const queryClient = useQueryClient()
  const eld = useEld()
  // The run this button started, for when GET /api/fleet/eld could not be read.
  const [startedId, setStartedId] = useState<string | null>(null)
  const resumed = eld.data?.running.find((run) => run.kind === kind && isRunActive(run))
  const runId = resumed?.id ?? startedId

  const runQuery = useQuery({
    queryKey: [...keys.eldSync, runId],
    queryFn: ({ signal }) => fetchSyncRun(runId as string, signal),
    enabled: runId !== null,
    refetchInterval: (query) => {
      const run = query.state.data
      if (isNotFound(query.state.error) || (run && !isRunActive(run))) return false
      return SYNC_POLL_MS
    },
  })
  const run = runQuery.data ?? (resumed?.id === runId ? resumed : undefined)
  const lost = isNotFound(runQuery.error)

  const start = useMutation({
    mutationFn: () => startSync(kind),
    onSuccess: (started) => {
      queryClient.setQueryData([...keys.eldSync, started.id], started)
      cacheRunning(queryClient, started)
      setStartedId(started.id)
    },
    onError: onStartError,
  })

  const announce = useEffectEvent((ended: SyncRun) => {
    if (!firstAnnouncement(queryClient, ended.id)) return
    cacheRunning(queryClient, ended)
    onEnd(ended, queryClient.getQueryData<EldView>(keys.eld))
    void invalidateAfterSync(queryClient, kind)
  })
  const ended = run && !isRunActive(run) ? run : undefined
  useEffect(() => {
    if (ended) announce(ended)
  }, [ended])

  const active = !lost && run !== undefined && isRunActive(run)
  return {
    start: () => start.mutate(),
    /** The run being watched while it is queued or running. */
    run: active ? run : undefined,
    busy: start.isPending || active,
  }
}
