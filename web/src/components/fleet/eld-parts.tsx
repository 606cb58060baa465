import { texts } from '@/lib/texts'

const t = texts.fleet

/** The yellow banner shown while the fleet has no ELD integration. */
export function NoEldNotice() {
  return (
    <div role="status" className="rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900">
      <p className="font-semibold">{t.noEldTitle}</p>
      <p>{t.noEldText}</p>
    </div>
  )
}
