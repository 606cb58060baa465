import { Badge, type BadgeProps } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import type { ExpiryStatus } from '@/lib/expiry-status'
import { texts } from '@/lib/texts'

const s = texts.documents.status

const badges: Record<ExpiryStatus, { label: string; variant: BadgeProps['variant']; className?: string }> = {
  none: { label: s.none, variant: 'outline', className: 'border-transparent bg-muted text-muted-foreground' },
  expired: { label: s.expired, variant: 'destructive' },
  expiring_soon: { label: s.expiringSoon, variant: 'warning' },
  valid: { label: s.valid, variant: 'success' },
}

/**
 * N/A (grey), Expired (red), Expiring Soon (amber) or Valid (green) (spec §4):
 * the fleet's documents table and the driver portal show a document's expiry alike.
 */
export function DocumentStatusBadge({ status, className }: { status: string; className?: string }) {
  const badge = badges[status as ExpiryStatus] ?? badges.none
  return (
    <Badge variant={badge.variant} className={cn('whitespace-nowrap', badge.className, className)}>
      {badge.label}
    </Badge>
  )
}
