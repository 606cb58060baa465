import { RefreshCw } from 'lucide-react'
import { useId } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
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

export interface EldSyncButtonProps {
  kind: SyncKind
  label: string
  /** Whether this button shows the run's progress beside it (one button per kind does). */
  showProgress?: boolean
  variant?: 'outline' | 'primary'
}

/**
 * 'Sync from ELD' / 'Sync Trailers' / 'Sync Drivers': starts (or joins) the
 * kind's sync, shows its progress in a live region beside the button while it
 * runs, toasts the result and refreshes the lists.
 */
export function EldSyncButton({ kind, label, showProgress = true, variant = 'outline' }: EldSyncButtonProps) {
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

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant={variant}
        disabled={sync.busy}
        aria-describedby={showProgress && progress ? progressId : undefined}
        onClick={sync.start}
      >
        <RefreshCw className={sync.busy ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} aria-hidden />
        {label}
      </Button>
      {showProgress && (
        // Always rendered, so screen readers know the live region before it speaks.
        <p
          id={progressId}
          role="status"
          aria-live="polite"
          className={cn('text-sm text-muted-foreground', !progress && 'sr-only')}
        >
          {progress}
        </p>
      )}
    </div>
  )
}
