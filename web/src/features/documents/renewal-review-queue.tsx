// No Check icon: the signup page uses it, and sharing it would split a chunk into its budget.
import { ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { shortDate } from '@/lib/dates'
import { format, texts } from '@/lib/texts'
import type { RenewalView } from './api/renewals-api'
import { renewalFileUrl } from './api/renewals-api'
import { isAlreadyReviewed, useRenewals, useReviewRenewal } from './api/renewals-queries'
import { RejectRenewalDialog } from './reject-renewal-dialog'

const r = texts.portalReview

/** What the renewal is for: 'Truck: Unit 101', 'Trailer: Reefer 7', or 'Driver' (the sender's own papers). */
function targetText(renewal: RenewalView): string {
  if (renewal.target_kind === 'truck') return `${texts.documents.vehicleTypes.truck}: ${renewal.target_name ?? ''}`
  if (renewal.target_kind === 'trailer') return `${texts.documents.vehicleTypes.trailer}: ${renewal.target_name ?? ''}`
  const kinds: Record<string, string> = texts.compliance.qualificationKinds
  const item = renewal.qualification ? kinds[renewal.qualification] : undefined
  // A renewal of a qualification item updates it when accepted: say which.
  return item ? `${texts.documents.driver}: ${item}` : texts.documents.driver
}

/**
 * 'Renewals from drivers': the documents drivers sent through the portal,
 * waiting for an admin to file (Accept) or send back (Reject, with a reason
 * the driver sees). Shown only while some wait, so a fleet that does not use
 * the portal never sees it.
 */
export function RenewalReviewQueue() {
  const query = useRenewals()
  const { accept, reject } = useReviewRenewal()
  const [rejecting, setRejecting] = useState<RenewalView | null>(null)

  if (query.isPending) return null
  if (query.isError) {
    // Quiet on purpose: the documents list below stays the screen's main content and its own alert.
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-white px-4 py-2 text-sm">
        <span className="text-muted-foreground">
          {r.title}: {query.error.message}
        </span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {texts.documents.retry}
        </Button>
      </div>
    )
  }
  const renewals = query.data
  if (renewals.length === 0) return null

  const onAccept = (renewal: RenewalView) =>
    accept.mutate(renewal.id, {
      onSuccess: () => toast.success(r.accepted),
      onError: (error) => toast.error(isAlreadyReviewed(error) ? texts.driverPortal.alreadyReviewed : error.message),
    })

  return (
    <section
      aria-labelledby="renewal-queue-title"
      data-testid="renewal-queue"
      className="space-y-3 rounded-xl border border-blue-200 bg-blue-50/60 p-4 sm:p-6"
    >
      <h2 id="renewal-queue-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        {r.title}
        <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-6 font-semibold text-primary-foreground">
          {renewals.length}
        </span>
      </h2>
      <ul className="space-y-3">
        {renewals.map((renewal) => {
          const busy =
            (accept.isPending && accept.variables === renewal.id) ||
            (reject.isPending && reject.variables?.id === renewal.id)
          const expires = shortDate(renewal.expiration_date)
          return (
            <li
              key={renewal.id}
              data-testid="renewal-row"
              aria-label={renewal.name}
              className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between"
            >
              <div className="min-w-0 space-y-1 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold break-words text-ink">{renewal.name}</span>
                  <span className="text-muted-foreground">{renewal.document_type_label}</span>
                </p>
                <p className="break-words text-ink">
                  {format(r.from, { driver: renewal.driver_name })}
                  <span aria-hidden> · </span>
                  {targetText(renewal)}
                </p>
                {expires && <p className="text-muted-foreground">{format(r.expires, { date: expires })}</p>}
                {renewal.note && (
                  <p className="border-l-2 border-border pl-2 break-words whitespace-pre-wrap text-muted-foreground">
                    {renewal.note}
                  </p>
                )}
                <a
                  href={renewalFileUrl(renewal.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={renewal.file_name}
                  className="inline-flex max-w-full items-center gap-1 font-medium text-primary hover:underline"
                >
                  <ExternalLink className="h-4 w-4 shrink-0" aria-hidden />
                  <span>{r.view}</span>
                  <span className="truncate text-xs text-muted-foreground">({renewal.file_name})</span>
                </a>
              </div>
              <div className="flex shrink-0 gap-2 [&>button]:flex-1 md:[&>button]:flex-none">
                <Button size="sm" disabled={busy} onClick={() => onAccept(renewal)}>
                  {r.accept}
                </Button>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejecting(renewal)}>
                  {r.reject}
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <RejectRenewalDialog renewal={rejecting} reject={reject} onClose={() => setRejecting(null)} />
    </section>
  )
}
