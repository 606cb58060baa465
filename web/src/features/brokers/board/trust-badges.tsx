import { BadgeCheck, FileCheck, RadioTower, ShieldCheck, TriangleAlert } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { texts } from '@/lib/texts'
import type { BoardBadges } from '../api/types'
import { eldBadgeText } from '../board-format'

const b = texts.board.badges
const badgeClass = 'gap-1 whitespace-normal text-left font-medium'

/** What the board knows about the carrier, as badges; the FMCSA warning first. */
export function TrustBadges({ badges, now, className }: { badges: BoardBadges; now?: Date; className?: string }) {
  const eld = eldBadgeText(badges.eld_location_updated_at, now)
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)}>
      {badges.not_allowed_to_operate && (
        <li>
          <Badge variant="destructive" className={badgeClass} data-badge="not-allowed">
            <TriangleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {b.notAllowed}
          </Badge>
        </li>
      )}
      {badges.approved && (
        <li>
          <Badge variant="success" className={badgeClass} data-badge="approved">
            <BadgeCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {b.approved}
          </Badge>
        </li>
      )}
      {eld && (
        <li>
          <Badge variant="info" className={badgeClass} data-badge="eld">
            <RadioTower className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {eld}
          </Badge>
        </li>
      )}
      {badges.insurance_on_file && (
        <li>
          <Badge variant="outline" className={badgeClass} data-badge="insurance">
            <FileCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {b.insurance}
          </Badge>
        </li>
      )}
      {badges.authority_active && (
        <li>
          <Badge variant="outline" className={badgeClass} data-badge="authority">
            <ShieldCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {b.authority}
          </Badge>
        </li>
      )}
    </ul>
  )
}
