import { useId } from 'react'
import { toast } from '@/lib/toast'
import { ApiError } from '@/lib/api-client'
import type { EldView, SyncKind, SyncRun } from '@/lib/eld'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { useEldSync } from './use-eld-sync'

const e = texts.eld

/** Answers that say the sync cannot run as set up (no connection, no key, a provider without syncs): the server's text is the spec's. */
const SETUP_CODES = new Set(['eld_not_connected', 'eld_key_missing', 'unsupported'])

function syncFailed(kind: SyncKind, message: string, id?: string) {
  if (kind === 'trucks') specToast('error', format(e.trucksSyncFailed, { message }), { id })
  else if (kind === 'trailers') specToast('error', format(e.trailersSyncFailed, { message }), { id })
  else toast.error(e.driversSyncFailed, { id, description: message })
}

function providerLabel(run: SyncRun, eld: EldView | undefined): string {
  return (
    eld?.providers.find((provider) => provider.value === run.provider)?.label ??
    eld?.integration?.provider_label ??
    run.provider
  )
}

/** The spec's toasts (§8) for a sync that has ended; `n` is the rows the run synced. */
function announceEnd(kind: SyncKind, run: SyncRun, eld: EldView | undefined) {
  const id = `eld-sync-${run.id}`
  if (run.status === 'failed') {
    syncFailed(kind, run.error ?? texts.errors.generic, id)
    return
  }
  const n = run.synced
  if (kind === 'trucks') {
    toast.success(format(e.trucksSynced, { n }), { id })
  } else if (kind === 'drivers') {
    specToast('success', format(e.driversSynced, { n, provider: providerLabel(run, eld) }), { id })
  } else {
    specToast('success', format(e.trailersSynced, { n }), { id })
    if (run.warning) specToast('warning', e.assignmentWarning, { id: `${id}-assignments` })
    else if (run.assignments_updated !== null)
      specToast('success', format(e.assignmentsUpdated, { n: run.assignments_updated }), { id: `${id}-assignments` })
  }
}

function startFailed(kind: SyncKind, error: Error) {
  if (error instanceof ApiError && SETUP_CODES.has(error.code)) specToast('error', error.message)
  else syncFailed(kind, error.message)
}

/** One list's ELD sync, shared by its sync buttons and its progress line. */
export interface ListSync {
  start: () => void
  busy: boolean
  /** What the run is doing ('Sync queued...', 'Syncing... n pages fetched, m rows written'), or '' when none runs. */
  progress: string
  /** The id of the progress line, which describes the buttons. */
  progressId: string
}

/**
 * Starts (or joins) the kind's sync, follows its progress, toasts the result
 * (spec §8) and refreshes the lists. One per list screen: its buttons and its
 * progress line take the result.
 */
export function useListSync(kind: SyncKind): ListSync {
  const progressId = useId()
  const sync = useEldSync(kind, {
    onEnd: (run, eld) => announceEnd(kind, run, eld),
    onStartError: (error) => startFailed(kind, error),
  })
  const run = sync.run
  const progress = !run
    ? ''
    : run.status === 'queued'
      ? e.syncQueued
      : format(e.progress, { pages: run.pages_fetched, rows: run.rows_written })
  return { start: sync.start, busy: sync.busy, progress, progressId }
}
