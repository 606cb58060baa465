import { BellRing, FileDown, Rss } from 'lucide-react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'
import { exportUrl } from './api/calendar-api'
import { CalendarList } from './calendar-list'
import { CalendarToolbar } from './calendar-toolbar'
import { monthOf, todayIso } from './due-dates'
import {
  filtersFromSearch,
  hasFilters,
  requestFromFilters,
  searchFromFilters,
  withAsset,
  withKind,
  type AssetFilter,
  type CalendarFilters,
} from './filter-params'

// What the first screen does not show loads when asked for: the month view
// (the list is the default) and the two dialogs, which the buttons open.
const MonthView = lazy(() => import('./month-view').then(({ MonthView }) => ({ default: MonthView })))
const CalendarFeedDialog = lazy(() =>
  import('./calendar-feed-dialog').then(({ CalendarFeedDialog }) => ({ default: CalendarFeedDialog })),
)
const ReminderSettingsDialog = lazy(() =>
  import('./reminder-settings-dialog').then(({ ReminderSettingsDialog }) => ({ default: ReminderSettingsDialog })),
)

type Dialog = 'feed' | 'settings'

const c = texts.compliance

/**
 * /fleet-dashboard/compliance: every dated item of the fleet (documents'
 * expiries, drivers' qualifications, the MCS-150 update) by how soon it is
 * due, as a list or a month. The filters live in the URL; the server filters
 * and pages, so a fleet of thousands of trucks loads 50 items a group.
 */
export default function CompliancePage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = filtersFromSearch(searchParams)
  const request = requestFromFilters(filters)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // A dialog mounts when first opened and stays, so that it can animate out.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(() => new Set())
  const openDialog = (which: Dialog) => {
    setOpened((current) => new Set(current).add(which))
    setDialog(which)
  }

  const update = useCallback(
    (change: (current: CalendarFilters) => CalendarFilters) =>
      setSearchParams((current) => searchFromFilters(change(filtersFromSearch(current)), current)),
    [setSearchParams],
  )
  const showOnly = useCallback((asset: AssetFilter | null) => update((current) => withAsset(current, asset)), [update])
  const month = filters.month ?? monthOf(todayIso())

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{c.title}</h1>
          <p className="text-muted-foreground">{c.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={exportUrl(request)} download className={buttonClass('outline', 'md')}>
            <FileDown className="h-4 w-4" aria-hidden />
            {c.actions.exportCsv}
          </a>
          <Button variant="outline" onClick={() => openDialog('feed')}>
            <Rss className="h-4 w-4" aria-hidden />
            {c.actions.feed}
          </Button>
          <Button variant="outline" onClick={() => openDialog('settings')}>
            <BellRing className="h-4 w-4" aria-hidden />
            {c.actions.settings}
          </Button>
        </div>
      </div>

      <div className="space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <CalendarToolbar
          filters={filters}
          onKind={(kind) => update((current) => withKind(current, kind))}
          onAsset={showOnly}
          onView={(view) => update((current) => ({ ...current, view }))}
        />
        {filters.view === 'month' ? (
          <Suspense
            fallback={
              <div className="flex justify-center py-12">
                <Spinner />
              </div>
            }
          >
            <MonthView
              // Another month or filter starts over (the day chosen, the pages loaded).
              key={`${month}:${JSON.stringify(request)}`}
              request={request}
              month={month}
              onMonth={(next) => update((current) => ({ ...current, month: next }))}
              onShowOnly={showOnly}
            />
          </Suspense>
        ) : (
          <CalendarList
            request={request}
            filtered={hasFilters(filters)}
            onClearFilters={() => update((current) => withKind(current, null))}
            onShowOnly={showOnly}
          />
        )}
      </div>

      <Suspense fallback={null}>
        {opened.has('feed') && (
          <CalendarFeedDialog open={dialog === 'feed'} onOpenChange={(open) => setDialog(open ? 'feed' : null)} />
        )}
        {opened.has('settings') && (
          <ReminderSettingsDialog
            open={dialog === 'settings'}
            onOpenChange={(open) => setDialog(open ? 'settings' : null)}
          />
        )}
      </Suspense>
    </div>
  )
}
