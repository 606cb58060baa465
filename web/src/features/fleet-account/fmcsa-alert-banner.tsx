import { AlertTriangle, Info } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useDismissFmcsaAlerts, useFmcsaAlerts } from './api/fmcsa-api'
import { fmcsaChangeText } from './fmcsa-change'

const a = texts.compliance.fmcsaAlert

/** Company Profile › History. */
const fmcsaHistoryPath = `${fleetRoutes.profile}?tab=history`

/**
 * The overview's banner while the daily re-read of the FMCSA record found
 * changes not dismissed yet: red when one is for the worse (authority
 * revoked, no longer allowed to operate). Nothing while it loads or when
 * the alerts cannot be read (logged only, as the overview's counts are).
 */
export function FmcsaAlertBanner({ className }: { className?: string }) {
  const alerts = useFmcsaAlerts()
  const dismiss = useDismissFmcsaAlerts()

  useEffect(() => {
    if (alerts.error) console.error('Failed to load the FMCSA alerts', alerts.error)
  }, [alerts.error])

  const changes = alerts.data ?? []
  if (changes.length === 0) return null
  const adverse = changes.some((change) => change.adverse)
  const Icon = adverse ? AlertTriangle : Info

  return (
    <div
      role={adverse ? 'alert' : 'status'}
      data-testid="fmcsa-banner"
      data-tone={adverse ? 'destructive' : 'info'}
      className={cn(
        'flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-start sm:justify-between',
        adverse ? 'border-red-300 bg-red-50 text-red-900' : 'border-primary/30 bg-primary/5 text-ink',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{adverse ? a.adverseTitle : a.title}</p>
          <ul className="space-y-0.5">
            {changes.map((change) => (
              <li key={change.id} className={cn('break-words', change.adverse && 'font-medium')}>
                {fmcsaChangeText(change)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={fmcsaHistoryPath}>{a.viewHistory}</Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(undefined, { onError: () => toast.error(a.dismissFailed) })}
        >
          {a.dismiss}
        </Button>
      </div>
    </div>
  )
}
