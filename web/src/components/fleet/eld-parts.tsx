import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { texts } from '@/lib/texts'

const t = texts.fleet

/** A sync button that stays disabled until the ELD integration release; the title explains why. */
export function ComingSyncButton({ label }: { label: string }) {
  const hintId = useId()
  return (
    <span title={t.eldSyncComing} className="inline-flex">
      <Button variant="outline" disabled aria-describedby={hintId}>
        {label}
      </Button>
      <span id={hintId} className="sr-only">
        {t.eldSyncComing}
      </span>
    </span>
  )
}

/** The yellow banner shown while the fleet has no ELD integration. */
export function NoEldNotice() {
  return (
    <div role="status" className="rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900">
      <p className="font-semibold">{t.noEldTitle}</p>
      <p>{t.noEldText}</p>
    </div>
  )
}
