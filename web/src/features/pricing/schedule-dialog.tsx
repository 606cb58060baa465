import { Mail } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { buttonClass } from '@/components/ui/button-variants'
import { useAppConfig } from '@/lib/app-config'
import { mailto } from '@/lib/routes'
import { texts } from '@/lib/texts'

const p = texts.pricing

export interface ScheduleDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The booking widget when the server has one configured, otherwise an e-mail link. */
export function ScheduleDialog({ open, onOpenChange }: ScheduleDialogProps) {
  const config = useAppConfig()
  const bookingUrl = config.data?.booking_url ?? null
  const showFallback = !config.isPending && !bookingUrl

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={bookingUrl ? 'max-w-3xl' : undefined}
        {...(showFallback ? {} : { 'aria-describedby': undefined })}
      >
        <DialogTitle>{p.dialogTitle}</DialogTitle>
        {config.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : bookingUrl ? (
          <iframe
            src={bookingUrl}
            title="Booking calendar"
            className="h-[70vh] w-full rounded-md border border-border"
          />
        ) : (
          <div className="space-y-4">
            <DialogDescription>{p.dialogFallback}</DialogDescription>
            <a href={mailto(texts.brand.contactEmail, p.dialogTitle)} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
              <Mail className="h-4 w-4" aria-hidden />
              {p.dialogEmailUs}
            </a>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
