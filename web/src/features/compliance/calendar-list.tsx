import { CalendarCheck } from 'lucide-react'
import { useEffect, useId, useMemo } from 'react'
import { toast } from '@/lib/toast'
import { LoadError } from '@/components/load-error'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import { useRowsInViewFirst } from '@/lib/use-rows-in-view-first'
import { GROUPS, type CalendarGroupItems, type CalendarRequest, type GroupName } from './api/calendar-api'
import { useCalendar, useGroupMore } from './api/calendar-queries'
import type { AssetFilter } from './filter-params'
import { groupStyles } from './group-styles'
import { ButtonSpinner } from './item-parts'
import { ItemCards, ItemTable } from './item-table'
import { useWideScreen } from './use-media-query'

const c = texts.compliance
const l = texts.compliance.list
const count = new Intl.NumberFormat('en-US')

export interface CalendarListProps {
  request: CalendarRequest
  /** Whether a kind or an asset filter is on (the empty state offers to clear them). */
  filtered: boolean
  onClearFilters: () => void
  onShowOnly: (asset: AssetFilter) => void
}

/** The list view: Overdue, Next 30 days, Next 90 days and Later, each with its count and first items. */
export function CalendarList({ request, filtered, onClearFilters, onShowOnly }: CalendarListProps) {
  const query = useCalendar(request)
  useLoadErrorToast(query, l.loadFailed)

  if (query.isError && !query.data) {
    return (
      <LoadError title={l.loadFailed} message={query.error.message} retryLabel={l.retry} onRetry={() => void query.refetch()} />
    )
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={l.loading} />
      </div>
    )
  }
  const page = query.data
  const total = page.counts.overdue + page.counts.next30 + page.counts.next90 + page.counts.later
  if (total === 0) {
    return (
      <div className="space-y-3 py-10 text-center" data-testid="compliance-empty">
        <CalendarCheck className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="mx-auto max-w-md text-sm text-muted-foreground">{filtered ? l.emptyFiltered : c.empty}</p>
        {filtered && (
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            {c.filters.clear}
          </Button>
        )}
      </div>
    )
  }
  // A new filter's answer replaces these; 'Show more' waits for it.
  const stale = query.isPlaceholderData
  const filterKey = JSON.stringify(request)
  return (
    <div className={cn('space-y-4', stale && 'opacity-60')} aria-busy={query.isFetching || undefined}>
      {GROUPS.map((group) => {
        const data = page.groups.find((entry) => entry.group === group) ?? {
          group,
          total: page.counts[group],
          items: [],
          next_cursor: null,
        }
        return (
          <GroupSection
            // Another filter starts each group over at its first page.
            key={`${group}:${filterKey}`}
            group={group}
            data={data}
            request={request}
            today={page.today}
            disabled={stale}
            onShowOnly={onShowOnly}
          />
        )
      })}
    </div>
  )
}

interface GroupSectionProps {
  group: GroupName
  data: CalendarGroupItems
  request: CalendarRequest
  today: string
  disabled: boolean
  onShowOnly: (asset: AssetFilter) => void
}

/** One group: its heading and count, its items, and 'Show more' while there are more. */
function GroupSection({ group, data, request, today, disabled, onShowOnly }: GroupSectionProps) {
  const headingId = useId()
  const wide = useWideScreen()
  const style = groupStyles[group]
  const more = useGroupMore(request, group, data.next_cursor)
  const failed = more.isError
  useEffect(() => {
    if (failed) toast.error(l.moreFailed, { id: `compliance-more-${group}` })
  }, [failed, group])

  const items = useMemo(
    () => (more.items.length > 0 ? [...data.items, ...more.items] : data.items),
    [data.items, more.items],
  )
  // The first group fills a phone's screen and a desktop's: the rest of each group follows.
  const rows = useRowsInViewFirst(items, wide ? 12 : 4)
  const busy = more.isLoading

  return (
    <section
      aria-labelledby={headingId}
      data-testid={`group-${group}`}
      className={cn('rounded-lg border border-l-4 border-border bg-white', style.accent)}
    >
      <div className="flex items-center gap-2 border-b border-border px-3 py-2.5 sm:px-4">
        <h2 id={headingId} className="font-semibold text-ink">
          {style.label}
        </h2>
        <Badge variant={style.badge} data-testid={`count-${group}`}>
          {count.format(data.total)}
        </Badge>
      </div>
      <div className="px-3 py-3 sm:px-4">
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{l.groupEmpty}</p>
        ) : wide ? (
          <ItemTable items={rows} today={today} onShowOnly={onShowOnly} />
        ) : (
          <ItemCards items={rows} today={today} onShowOnly={onShowOnly} />
        )}
        {items.length > 0 && (more.hasMore || items.length < data.total) && (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
            <p className="text-muted-foreground" aria-live="polite">
              {format(l.showing, { shown: count.format(items.length), total: count.format(data.total) })}
            </p>
            {more.hasMore && (
              <Button variant="outline" size="sm" onClick={() => void more.fetchMore()} disabled={busy || disabled}>
                {busy && <ButtonSpinner />}
                {l.showMore}
              </Button>
            )}
          </div>
        )}
      </div>
    </section>
  )
}
