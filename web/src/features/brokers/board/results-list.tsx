import { ArrowRight } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Button } from '@/components/ui/button'
import { format } from '@/lib/texts'
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
import { TrustBadges } from './trust-badges'

export interface ResultsListProps {
  results: BoardResult[]
  onOpen: (result: BoardResult) => void
  now?: Date
}

/** A click on the card opens it, but not one on a link or button inside it (call, e-mail, Details). */
function openUnlessControl(event: MouseEvent<HTMLElement>, open: () => void) {
  if ((event.target as HTMLElement).closest('a, button')) return
  open()
}

/**
 * The board's results in the server's order (nearest deadhead first): stacked
 * cards on a phone, one row per truck with aligned columns from lg up.
 */
export function ResultsList({ results, onOpen, now = new Date() }: ResultsListProps) {
  return (
    <ul className="space-y-3" data-testid="board-results">
      {results.map((result) => {
        const size = sizeText(result.length_ft, result.weight_lbs)
        const rate = rateText(result.rate_per_mile_cents)
        const title = deadheadText(result.deadhead_mi)
        return (
          <li
            key={result.id}
            data-testid="board-result"
            onClick={(event) => openUnlessControl(event, () => onOpen(result))}
            className="cursor-pointer rounded-xl border border-border bg-white p-4 shadow-sm transition-colors hover:border-primary/50"
          >
            <article aria-label={`${title}, ${result.origin.label}`} className="space-y-3">
              <div className="grid gap-3 lg:grid-cols-[11rem_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] lg:items-start lg:gap-4">
                <div className="flex items-baseline justify-between gap-3 lg:block">
                  <p className="text-lg font-bold">{title}</p>
                  <p className="text-sm text-muted-foreground">{postedAgo(result.posted_at, now)}</p>
                </div>
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-x-1.5 font-medium">
                    <span className="break-words">{result.origin.label}</span>
                    <ArrowRight className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-label={labels.to} />
                    <span className="break-words">{destinationsText(result.destinations)}</span>
                  </p>
                  <p className="text-muted-foreground">
                    {labels.availability} {availabilityText(result.available_from, result.available_to)}
                  </p>
                </div>
                <div className="min-w-0 text-sm">
                  <p className="font-medium">{equipmentLabel(result.equipment_type)}</p>
                  {size && <p className="text-muted-foreground">{size}</p>}
                  {rate && <p className="font-medium">{rate}</p>}
                </div>
                <CarrierContact carrier={result.carrier} />
                <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onOpen(result)}>
                  {labels.details}
                  <span className="sr-only">{format(' — {name}', { name: result.carrier.legal_name })}</span>
                </Button>
              </div>
              <TrustBadges badges={result.badges} now={now} />
            </article>
          </li>
        )
      })}
    </ul>
  )
}
