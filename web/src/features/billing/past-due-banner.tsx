import { AlertTriangle, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { isPastDue } from '@/lib/billing-status'
import { cn } from '@/lib/cn'
import { shortDate } from '@/lib/dates'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { useBillingState } from './api/billing-queries'

const b = texts.billing

/**
 * The fleet shell's banner while the fleet owes money (spec part 2 §2, §4):
 * amber while past due or unpaid within the grace period, red once the
 * dashboard is read-only. Nothing otherwise, and nothing while it loads.
 */
export function PastDueBanner({ className }: { className?: string }) {
  const state = useBillingState().data
  if (!state) return null
  const readOnly = state.read_only
  if (!readOnly && !isPastDue(state.status)) return null

  const Icon = readOnly ? Lock : AlertTriangle
  const title = readOnly ? b.readOnlyBannerTitle : b.pastDueBannerTitle
  const text = readOnly
    ? format(b.readOnlyBannerText, { date: shortDate(state.past_due_since) ?? '' })
    : format(b.pastDueBannerText, { date: shortDate(state.read_only_from) ?? '' })

  return (
    <div
      role="alert"
      data-testid="billing-banner"
      data-tone={readOnly ? 'destructive' : 'warning'}
      className={cn(
        'flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between',
        readOnly ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="min-w-0 space-y-0.5">
          <p className="font-semibold">{title}</p>
          <p className="break-words">{text}</p>
        </div>
      </div>
      <Link
        to={fleetRoutes.billing}
        className={cn(
          'inline-flex h-9 shrink-0 items-center justify-center self-start rounded-md px-3 font-medium text-white sm:self-auto',
          readOnly ? 'bg-red-700 hover:bg-red-800' : 'bg-amber-700 hover:bg-amber-800',
        )}
      >
        {b.goToBilling}
      </Link>
    </div>
  )
}
