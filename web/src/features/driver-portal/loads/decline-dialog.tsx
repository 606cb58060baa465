import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { texts } from '@/lib/texts'

const t = texts.portalLoads

/** Declining needs a reason, which the office reads on the dispatch board. */
export function DeclineDialog({
  open,
  onOpenChange,
  onDecline,
  pending,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDecline: (reason: string) => void
  pending: boolean
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = () => {
    const trimmed = reason.trim()
    if (!trimmed) {
      setError(t.declineReasonRequired)
      return
    }
    setError(null)
    onDecline(trimmed)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t.declineTitle}</DialogTitle>
        <DialogDescription>{t.declineDescription}</DialogDescription>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <div className="space-y-2">
            <Label htmlFor="decline-reason">{t.declineReason}</Label>
            <Textarea
              id="decline-reason"
              value={reason}
              maxLength={500}
              rows={3}
              onChange={(e) => setReason(e.target.value)}
              {...(error ? { 'aria-invalid': true, 'aria-describedby': 'decline-reason-error' } : {})}
            />
            {error && (
              <p id="decline-reason-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" variant="destructive" size="lg" className="w-full" disabled={pending}>
            {t.declineConfirm}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
