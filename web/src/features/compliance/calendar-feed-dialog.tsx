import { Copy } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from '@/lib/toast'
import { LoadError } from '@/components/load-error'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { shortDateTime } from '@/lib/dates'
import { format, texts } from '@/lib/texts'
import type { CalendarFeedLink } from './api/calendar-api'
import { useCalendarFeed, useComplianceSettings } from './api/calendar-queries'
import { ButtonSpinner } from './item-parts'
import type { DialogProps } from './reminder-settings-dialog'

const f = texts.compliance.feed

/**
 * 'Calendar feed': a secret iCalendar link for Google Calendar, Outlook or
 * Apple Calendar. The server keeps only its hash, so a new link is shown
 * once, until the dialog closes; a new link or Stop ends the old one (both
 * confirm first).
 */
export function CalendarFeedDialog({ open, onOpenChange }: DialogProps) {
  const settings = useComplianceSettings(open)
  const { create, revoke } = useCalendarFeed()
  const [link, setLink] = useState<CalendarFeedLink | null>(null)
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null)
  const busy = create.isPending || revoke.isPending

  const change = (next: boolean) => {
    if (!next) {
      if (busy) return
      setLink(null)
      setConfirming(null)
    }
    onOpenChange(next)
  }

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setLink(created)
        setConfirming(null)
      },
      onError: (error) => {
        setConfirming(null)
        toast.error(f.createFailed, { description: error.message })
      },
    })

  const stop = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setLink(null)
        setConfirming(null)
        toast.success(f.revoked)
      },
      onError: (error) => {
        setConfirming(null)
        toast.error(f.revokeFailed, { description: error.message })
      },
    })

  const active = link !== null || settings.data?.feed_active === true
  const since = link?.created_at ?? settings.data?.feed_created_at

  let status
  if (link) status = <FeedUrl link={link} />
  else if (settings.isError && !settings.data)
    status = (
      <LoadError
        title={texts.compliance.reminders.loadFailed}
        message={settings.error.message}
        retryLabel={texts.compliance.list.retry}
        onRetry={() => void settings.refetch()}
      />
    )
  else if (settings.isPending) status = <Spinner label={texts.compliance.list.loading} />
  else
    status = (
      <p className="text-sm font-medium text-ink" data-testid="feed-status">
        {active ? format(f.active, { date: shortDateTime(since) ?? '' }) : f.inactive}
      </p>
    )

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="space-y-2 pr-6">
          <DialogTitle>{f.title}</DialogTitle>
          <DialogDescription>{f.description}</DialogDescription>
        </div>
        {status}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {active && (
            <Button variant="outline" className="text-destructive" disabled={busy} onClick={() => setConfirming('revoke')}>
              {f.revoke}
            </Button>
          )}
          <Button
            disabled={busy || (settings.isPending && !link)}
            onClick={() => (active ? setConfirming('replace') : make())}
          >
            {create.isPending && <ButtonSpinner />}
            {create.isPending ? f.creating : active ? f.replace : f.create}
          </Button>
        </div>
        <AlertDialog open={confirming !== null} onOpenChange={(next) => !next && !busy && setConfirming(null)}>
          <AlertDialogContent>
            <AlertDialogTitle>{confirming === 'revoke' ? f.revokeTitle : f.replaceTitle}</AlertDialogTitle>
            <AlertDialogDescription>{confirming === 'revoke' ? f.revokeText : f.replaceText}</AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>{f.cancel}</AlertDialogCancel>
              <AlertDialogConfirm disabled={busy} onClick={confirming === 'revoke' ? stop : make}>
                {busy && <ButtonSpinner />}
                {confirming === 'revoke' ? f.revoke : f.replace}
              </AlertDialogConfirm>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  )
}

/** The new link, read-only, with Copy: this is the only time it is shown. */
function FeedUrl({ link }: { link: CalendarFeedLink }) {
  const id = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url)
      toast.success(f.copied)
    } catch {
      // No clipboard (an insecure origin, a denied permission): select the text to copy by hand.
      const input = document.getElementById(id) as HTMLInputElement | null
      input?.focus()
      input?.select()
      toast.error(f.copyFailed)
    }
  }
  return (
    <div className="space-y-2" data-testid="feed-url">
      <Label htmlFor={id}>{f.urlLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={link.url}
          aria-describedby={`${id}-once`}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button variant="outline" className="shrink-0" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {f.copy}
        </Button>
      </div>
      <p id={`${id}-once`} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900">
        {f.showOnce}
      </p>
    </div>
  )
}
