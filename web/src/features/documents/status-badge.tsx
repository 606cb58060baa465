import { Badge, type BadgeProps } from '@/components/ui/badge'
import { texts } from '@/lib/texts'
import type { DocumentStatus } from './api/types'

const s = texts.documents.status

const badges: Record<DocumentStatus, { label: string; variant: BadgeProps['variant']; className?: string }> = {
  none: { label: s.none, variant: 'outline', className: 'border-transparent bg-muted text-muted-foreground' },
  expired: { label: s.expired, variant: 'destructive' },
  expiring_soon: { label: s.expiringSoon, variant: 'warning' },
  valid: { label: s.valid, variant: 'success' },
}

/** N/A (grey), Expired (red), Expiring Soon (amber) or Valid (green): the status the server derived (spec §4). */
export function DocumentStatusBadge({ status }: { status: string }) {
  const badge = badges[status as DocumentStatus] ?? badges.none
  return (
    <Badge variant={badge.variant} className={`whitespace-nowrap ${badge.className ?? ''}`}>
      {badge.label}
    </Badge>
  )
}
