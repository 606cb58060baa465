import { texts } from '@/lib/texts'

const t = texts.portalLoads

/** The driver's words for a load's status. */
export function portalStatusLabel(status: string): string {
  const key = `status_${status}` as keyof typeof t
  return key in t ? t[key] : status.replace(/_/g, ' ')
}

export function statusVariant(status: string): 'info' | 'success' | 'warning' | 'destructive' | 'outline' {
  if (status === 'cancelled') return 'destructive'
  if (['delivered', 'invoiced', 'paid'].includes(status)) return 'success'
  if (status === 'dispatched' || status === 'planned') return 'outline'
  return 'info'
}
