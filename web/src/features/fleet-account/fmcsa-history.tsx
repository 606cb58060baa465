import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { shortDate, shortDateTime } from '@/lib/dates'
import { format, texts } from '@/lib/texts'
import { useFmcsaHistory, type FmcsaBaseline, type FmcsaChange } from './api/fmcsa-api'

const h = texts.compliance.history
const none = texts.compliance.fmcsaAlert.none

const newestFirst = (a: FmcsaChange, b: FmcsaChange) => b.detected_at.localeCompare(a.detected_at)

/** Company Profile › History: when Longhaul last read the FMCSA record, and every change it saw. */
export function FmcsaHistoryTab() {
  const query = useFmcsaHistory()
  const lastChecked = query.data?.last_checked_at

  return (
    <Card>
      <CardHeader>
        <CardTitle>{h.title}</CardTitle>
        {query.data && (
          <CardDescription data-testid="fmcsa-last-checked">
            {lastChecked ? format(h.lastChecked, { date: shortDateTime(lastChecked) ?? lastChecked }) : h.notChecked}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={texts.fleet.assets.loading} />
          </div>
        ) : query.isError ? (
          <LoadError
            title={h.loadFailed}
            message={query.error.message}
            retryLabel={h.retry}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div className="space-y-4">
            {query.data.baseline_pending && (
              <Alert variant="warning" data-testid="fmcsa-no-baseline">
                {h.noBaseline}
              </Alert>
            )}
            {query.data.changes.length === 0 && (
              <p className="py-6 text-center text-muted-foreground">{h.empty}</p>
            )}
            {(query.data.changes.length > 0 || query.data.baseline) && (
              <ol className="space-y-4 border-l-2 border-border pl-4" aria-label={h.title}>
                {[...query.data.changes].sort(newestFirst).map((change) => (
                  <ChangeEntry key={change.id} change={change} />
                ))}
                {query.data.baseline && <BaselineEntry baseline={query.data.baseline} />}
              </ol>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/** The oldest entry: the reading later changes are compared with. */
function BaselineEntry({ baseline }: { baseline: FmcsaBaseline }) {
  return (
    <li data-testid="fmcsa-baseline" className="relative">
      <span aria-hidden className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-muted-foreground ring-2 ring-white" />
      <p className="text-xs text-muted-foreground">
        <time dateTime={baseline.taken_at}>{shortDate(baseline.taken_at)}</time>
      </p>
      <p className="font-medium text-ink">{h.baselineTitle}</p>
      <p className="text-sm text-muted-foreground">{h.baselineDetail}</p>
      {baseline.late && <p className="text-sm text-amber-800">{h.baselineLate}</p>}
    </li>
  )
}

function ChangeEntry({ change }: { change: FmcsaChange }) {
  return (
    <li data-testid="fmcsa-change" data-adverse={change.adverse || undefined} className="relative">
      <span
        aria-hidden
        className={cn(
          'absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full ring-2 ring-white',
          change.adverse ? 'bg-destructive' : 'bg-primary',
        )}
      />
      <p className="text-xs text-muted-foreground">
        <time dateTime={change.detected_at}>{shortDate(change.detected_at)}</time>
      </p>
      <p className={cn('font-medium', change.adverse ? 'text-red-700' : 'text-ink')}>
        {change.label}
        {change.adverse && <span className="sr-only">{` (${h.adverse})`}</span>}
      </p>
      <p className={cn('flex flex-wrap items-center gap-x-2 text-sm break-words', change.adverse ? 'text-red-700' : 'text-muted-foreground')}>
        <span>{change.old_value?.trim() || none}</span>
        <span>→</span>
        <span className={cn('font-medium', change.adverse ? 'text-red-700' : 'text-ink')}>{change.new_value?.trim() || none}</span>
      </p>
    </li>
  )
}
