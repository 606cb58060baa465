import { BellRing, FileDown, Rss } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { texts } from '@/lib/texts'
import { exportUrl } from './api/calendar-api'
import { CalendarFeedDialog } from './calendar-feed-dialog'
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
import { MonthView } from './month-view'
import { ReminderSettingsDialog } from './reminder-settings-dialog'

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
  const [dialog, setDialog] = useState<'feed' | 'settings' | null>(null)

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
          <Button variant="outline" onClick={() => setDialog('feed')}>
            <Rss className="h-4 w-4" aria-hidden />
            {c.actions.feed}
          </Button>
          <Button variant="outline" onClick={() => setDialog('settings')}>
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
          <MonthView
            // Another month or filter starts over (the day chosen, the pages loaded).
            key={`${month}:${JSON.stringify(request)}`}
            request={request}
            month={month}
            onMonth={(next) => update((current) => ({ ...current, month: next }))}
            onShowOnly={showOnly}
          />
        ) : (
          <CalendarList
            request={request}
            filtered={hasFilters(filters)}
            onClearFilters={() => update((current) => withKind(current, null))}
            onShowOnly={showOnly}
          />
        )}
      </div>

      <CalendarFeedDialog open={dialog === 'feed'} onOpenChange={(open) => setDialog(open ? 'feed' : null)} />
      <ReminderSettingsDialog open={dialog === 'settings'} onOpenChange={(open) => setDialog(open ? 'settings' : null)} />
    </div>
  )
}
