import { BadgeCheck, CalendarX, Clock, FileCheck, RadioTower, ShieldCheck, TriangleAlert, Truck } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import type { BoardBadges } from '../api/types'
import { eldBadgeText } from '../board-format'

const b = texts.board.badges
const badgeClass = 'gap-1 whitespace-normal text-left font-medium'

const pct = (value: number | null | undefined) => (value == null ? '—' : `${value}%`)

/** The carrier's record on Longhaul: loads delivered and on-time arrivals. */
function recordTexts(badges: BoardBadges): { delivered: string | null; onTime: string | null } {
  const delivered =
    badges.loads_delivered > 0
      ? badges.loads_delivered === 1
        ? b.deliveredOne
        : format(b.delivered, { n: badges.loads_delivered.toLocaleString('en-US') })
      : null
  const measured = badges.on_time_pickup_pct != null || badges.on_time_delivery_pct != null
  const onTime = measured
    ? format(badges.on_time_from_eld ? b.onTimeEld : b.onTime, {
        pickup: pct(badges.on_time_pickup_pct),
        delivery: pct(badges.on_time_delivery_pct),
      })
    : null
  return { delivered, onTime }
}

/** What the board knows about the carrier, as badges; the warnings first. */
export function TrustBadges({ badges, now, className }: { badges: BoardBadges; now?: Date; className?: string }) {
  const eld = eldBadgeText(badges.eld_location_updated_at, now)
  const record = recordTexts(badges)
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)}>
      {badges.committed_elsewhere && (
        <li>
          <Badge variant="warning" className={badgeClass} data-badge="committed">
            <CalendarX className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {b.committed}
          </Badge>
        </li>
      )}
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
      {record.delivered && (
        <li>
          <Badge variant="outline" className={badgeClass} data-badge="delivered">
            <Truck className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {record.delivered}
          </Badge>
        </li>
      )}
      {record.onTime && (
        <li>
          <Badge variant="outline" className={badgeClass} data-badge="on-time">
            <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {record.onTime}
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
