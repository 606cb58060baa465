import { Badge } from '@/components/ui/badge'
import { texts } from '@/lib/texts'
import { statusVariant } from './load-status'

/** A load's status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const names: Record<string, string> = texts.loads.screens.status
  return <Badge variant={statusVariant(status)}>{names[status] ?? status}</Badge>
}
