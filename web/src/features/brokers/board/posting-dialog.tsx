import type { ReactNode } from 'react'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { shortDateTime } from '@/lib/dates'
import { kindLabel } from '@/lib/kind-label'
import { texts } from '@/lib/texts'
import { usePosting } from '../api/broker-queries'
import type { BoardResult } from '../api/types'
import {
  availabilityText,
  deadheadText,
  destinationsText,
  postedAgo,
  rateText,
  sizeText,
} from '../board-format'
import { equipmentLabel } from '../equipment'
import { labels } from '../labels'
import { CarrierContact } from './carrier-contact'
import { ContactForm } from './contact-form'
import { TrustBadges } from './trust-badges'

export interface PostingDialogProps {
  postingId: string
  /** The search's origin: the deadhead is measured from it. */
  origin: string | null
  /** The row as the results list has it, shown while the posting is read again. */
  placeholder?: BoardResult
  onClose: () => void
  /** The app's 'Tender load' action for the posting (issue 33), composed in by the app layer. */
  tenderAction?: TenderAction
}

/** What the 'Tender load' action needs of a posting. */
export interface TenderActionPosting {
  id: string
  carrierName: string
  equipmentType: string
  lengthFt: number | null
}

export type TenderAction = (posting: TenderActionPosting) => ReactNode

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  )
}

function PostingDetails({ posting, tenderAction }: { posting: BoardResult; tenderAction?: TenderAction }) {
  const now = new Date()
  return (
    <div className="space-y-5">
      <TrustBadges badges={posting.badges} now={now} />
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Detail term={labels.origin}>{posting.origin.label}</Detail>
        <Detail term={labels.destinations}>{destinationsText(posting.destinations)}</Detail>
        <Detail term={labels.availability}>{availabilityText(posting.available_from, posting.available_to)}</Detail>
        <Detail term={labels.equipment}>
          {equipmentLabel(posting.equipment_type)}
          {posting.truck_number ? ` · ${kindLabel(labels.truck, 'number', posting.truck_number)}` : ''}
        </Detail>
        <Detail term={labels.size}>{sizeText(posting.length_ft, posting.weight_lbs) ?? '—'}</Detail>
        <Detail term={labels.rate}>{rateText(posting.rate_per_mile_cents) ?? '—'}</Detail>
        <Detail term={labels.posted}>
          {postedAgo(posting.posted_at, now)} ({shortDateTime(posting.posted_at)})
        </Detail>
      </dl>
      {posting.notes && (
        <section className="space-y-1">
          <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{labels.notes}</h3>
          <p className="text-sm whitespace-pre-line break-words">{posting.notes}</p>
        </section>
      )}
      <section className="space-y-1 rounded-lg bg-muted p-3">
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{labels.carrier}</h3>
        <CarrierContact carrier={posting.carrier} />
      </section>
      {tenderAction && (
        <div className="flex justify-end">
          {tenderAction({
            id: posting.id,
            carrierName: posting.carrier.legal_name,
            equipmentType: posting.equipment_type,
            lengthFt: posting.length_ft,
          })}
        </div>
      )}
      <ContactForm postingId={posting.id} />
    </div>
  )
}

/** A posting's details, the carrier's contact and the 'Contact carrier' form. */
export function PostingDialog({ postingId, origin, placeholder, onClose, tenderAction }: PostingDialogProps) {
  const query = usePosting(postingId, origin)
  const posting = query.data ?? placeholder
  const notFound = query.error instanceof ApiError && query.error.status === 404

  let body: ReactNode
  if (posting && !notFound) body = <PostingDetails posting={posting} tenderAction={tenderAction} />
  else if (query.isPending)
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={labels.loading} />
      </div>
    )
  else if (notFound) body = <Alert>{labels.postingNotFound}</Alert>
  else
    body = (
      <LoadError
        title={labels.loadFailed}
        message={query.error?.message}
        retryLabel={labels.retry}
        onRetry={() => void query.refetch()}
      />
    )

  const title = posting ? `${equipmentLabel(posting.equipment_type)} · ${posting.origin.label}` : texts.board.search.title
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogTitle className="pr-8">{title}</DialogTitle>
        <DialogDescription>
          {posting
            ? [posting.deadhead_mi === null ? null : deadheadText(posting.deadhead_mi), posting.carrier.legal_name]
                .filter(Boolean)
                .join(' · ')
            : labels.loading}
        </DialogDescription>
        {body}
      </DialogContent>
    </Dialog>
  )
}
