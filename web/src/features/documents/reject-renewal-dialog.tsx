import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { format, texts } from '@/lib/texts'
import type { RenewalView } from './api/renewals-api'
import { isAlreadyReviewed, type useReviewRenewal } from './api/renewals-queries'

const r = texts.portalReview

export interface RejectRenewalDialogProps {
  /** The renewal to reject; the dialog is open while it is set. */
  renewal: RenewalView | null
  reject: ReturnType<typeof useReviewRenewal>['reject']
  onClose: () => void
}

/** 'Reject this renewal?' with the reason the driver sees (required). */
export function RejectRenewalDialog({ renewal, reject, onClose }: RejectRenewalDialogProps) {
  return (
    <Dialog open={renewal !== null} onOpenChange={(open) => !open && !reject.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{r.rejectTitle}</DialogTitle>
        <DialogDescription>
          {renewal && `${renewal.name} — ${format(r.from, { driver: renewal.driver_name })}`}
        </DialogDescription>
        {renewal && <RejectForm key={renewal.id} renewal={renewal} reject={reject} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function RejectForm({ renewal, reject, onClose }: { renewal: RenewalView } & Omit<RejectRenewalDialogProps, 'renewal'>) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = () => {
    const trimmed = reason.trim()
    if (trimmed === '') {
      setError(r.reasonRequired)
      return
    }
    setError(null)
    reject.mutate(
      { id: renewal.id, reason: trimmed },
      {
        onSuccess: () => {
          toast.success(r.rejected)
          onClose()
        },
        onError: (failure) => {
          if (isAlreadyReviewed(failure)) {
            toast.error(texts.driverPortal.alreadyReviewed)
            onClose()
          } else if (failure instanceof ApiError && failure.fields.reason) {
            setError(failure.fields.reason)
          } else {
            toast.error(failure.message)
          }
        },
      },
    )
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="space-y-2">
        <Label htmlFor="renewal-reject-reason">{r.reasonLabel}</Label>
        <Textarea
          id="renewal-reject-reason"
          value={reason}
          autoFocus
          maxLength={2000}
          onChange={(event) => setReason(event.target.value)}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': 'renewal-reject-reason-error' } : {})}
        />
        {error && (
          <p id="renewal-reject-reason-error" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={reject.isPending} onClick={onClose}>
          {texts.documents.cancel}
        </Button>
        <Button type="submit" variant="destructive" disabled={reject.isPending}>
          {r.reject}
        </Button>
      </div>
    </form>
  )
}
