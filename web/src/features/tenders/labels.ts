import type { BadgeProps } from '@/components/ui/badge'
import { texts } from '@/lib/texts'

type Variant = NonNullable<BadgeProps['variant']>

const tenderTexts: Record<string, unknown> = texts.tenders
const lookup = (key: string): string | null => {
  const value = tenderTexts[key]
  return typeof value === 'string' ? value : null
}

/** 'Offered' for offered (texts.tenders.status_*); an unknown status as it came. */
export function tenderStatusLabel(status: string): string {
  return lookup(`status_${status}`) ?? status
}

export function tenderStatusVariant(status: string): Variant {
  switch (status) {
    case 'offered':
      return 'info'
    case 'countered':
      return 'warning'
    case 'accepted':
      return 'success'
    case 'declined':
    case 'withdrawn':
      return 'destructive'
    default:
      return 'secondary'
  }
}

/** Whether the broker may still withdraw it (and the carrier still answer it). */
export const isOpenTender = (status: string) => status === 'offered' || status === 'countered'

/**
 * An AT7 milestone's label ('Arrived at pickup' for X3, texts.tenders.milestone_*),
 * else the load status it moved to, else the code itself.
 */
export function milestoneLabel(code: string, status?: string | null): string {
  const byCode = lookup(`milestone_${code}`)
  if (byCode) return byCode
  if (status) return shipmentStatusLabel(status)
  return code
}

/** A shipment's status: the carrier's load status ('In transit'). */
export function shipmentStatusLabel(status: string): string {
  const names: Record<string, string> = texts.loads.screens.status
  return names[status] ?? status
}

export function shipmentStatusVariant(status: string): Variant {
  if (status === 'cancelled' || status === 'declined') return 'destructive'
  if (status === 'delivered' || status === 'invoiced' || status === 'paid') return 'success'
  if (status === 'tendered' || status === 'accepted' || status === 'planned') return 'secondary'
  return 'info'
}

/** 'Detention' for detention; an unknown kind as it came. */
export function accessorialLabel(kind: string): string {
  const names: Record<string, string> = texts.tenders.rateCon.accessorials
  return names[kind] ?? kind
}

/** The accessorial kinds a line can take, in texts.json's order. */
export const ACCESSORIAL_KINDS = Object.keys(texts.tenders.rateCon.accessorials)
