import { CloudOff } from 'lucide-react'
import { shortDateTime } from '@/lib/short-date-time'
import { format, texts } from '@/lib/texts'
import { useOfflineCopy, type QueryLike } from './use-offline-copy'

/** "Offline — showing the copy from {time}" above a screen that shows its saved data; nothing when live. */
export function OfflineBanner({ query }: { query: QueryLike }) {
  const copyFrom = useOfflineCopy(query)
  if (!copyFrom) return null
  return (
    <p
      role="status"
      data-testid="portal-offline-banner"
      className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950"
    >
      <CloudOff aria-hidden className="size-4 shrink-0" />
      {format(texts.portalOffline.offlineCopy, { time: shortDateTime(copyFrom.toISOString()) ?? '' })}
    </p>
  )
}
