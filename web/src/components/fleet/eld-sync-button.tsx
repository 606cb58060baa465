import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import type { ListSync } from './use-list-sync'

export interface EldSyncButtonProps {
  sync: ListSync
  label: string
  variant?: 'outline' | 'primary'
}

/** 'Sync from ELD' / 'Sync Trailers' / 'Sync Drivers': busy while the run goes, described by its progress line. */
export function EldSyncButton({ sync, label, variant = 'outline' }: EldSyncButtonProps) {
  return (
    <Button
      variant={variant}
      disabled={sync.busy}
      aria-describedby={sync.progress ? sync.progressId : undefined}
      onClick={sync.start}
    >
      <RefreshCw className={sync.busy ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} aria-hidden />
      {label}
    </Button>
  )
}

/**
 * The run's progress as a line of its own across the screen, under the title
 * and its buttons (beside them it pushed the buttons about as it grew).
 */
export function EldSyncProgress({ sync }: { sync: ListSync }) {
  return (
    // Always rendered, so screen readers know the live region before it speaks.
    <p
      id={sync.progressId}
      role="status"
      aria-live="polite"
      className={cn(
        'flex items-center gap-2 rounded-md border border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900',
        !sync.progress && 'sr-only',
      )}
    >
      {sync.progress && <RefreshCw className="h-4 w-4 shrink-0 motion-safe:animate-spin" aria-hidden />}
      {sync.progress}
    </p>
  )
}
