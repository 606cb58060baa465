import { Download, Plus, Search } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { DataColumn } from '@/components/data-list/data-table'
import { DataTable } from '@/components/data-list/data-table'
import { Pagination } from '@/components/data-list/pagination'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { loadsExportUrl, type LoadRow } from './api/loads-api'
import { useLoadMessagesUnread } from './api/load-messages-queries'
import { useLoadsPage } from './api/loads-queries'
import { LOADS_PAGE_SIZE, listFromSearch, requestFromSearch } from './list-params'
import { LOAD_TAB_IDS, isLoadTab, tabCounts, type LoadTab } from './load-status'
import { shortDay } from './local-time'
import { formatDollars } from './money'
import { RateConDropZone } from './rate-con-upload'
import { UnreadBadge } from './load-messages-panel'
import { StatusBadge } from './status-badge'

/** The tab, search and page of the list, kept in the address (`?tab=&q=&page=`). */
function useListParams() {
  const [params, setParams] = useSearchParams()
  const { tab, q, page } = listFromSearch(params)
  const request = requestFromSearch(params)
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )
  return {
    tab,
    q,
    page,
    request,
    setTab: (value: LoadTab) => update({ tab: value === 'all' ? null : value, page: null }),
    setQ: (value: string) => update({ q: value, page: null }),
    setPage: (value: number) => update({ page: value <= 1 ? null : String(value) }),
  }
}

/** `unread`: the drivers' messages the office has not read, by load id. */
function columns(unread: ReadonlyMap<string, number>): DataColumn<LoadRow>[] {
  const c = texts.loads.screens.columns
  return [
    {
      id: 'pro',
      header: c.pro,
      card: 'title',
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Link to={fleetRoutes.load(row.id)} className="font-medium text-primary hover:underline">
            {row.pro_number}
          </Link>
          <UnreadBadge count={unread.get(row.id) ?? 0} />
        </span>
      ),
    },
    { id: 'load', header: c.loadNumber, className: 'whitespace-nowrap', cell: (row) => row.load_number },
    { id: 'customer', header: c.customer, cell: (row) => <span className="break-words">{row.customer_name}</span> },
    {
      id: 'lane',
      header: c.lane,
      cell: (row) => (
        <span className="block min-w-0 break-words">
          <span className="whitespace-nowrap">{row.origin}</span> →{' '}
          <span className="whitespace-nowrap">{row.destination}</span>
        </span>
      ),
    },
    {
      id: 'dates',
      header: c.dates,
      className: 'whitespace-nowrap',
      cell: (row) => `${shortDay(row.first_pickup_at)} – ${shortDay(row.last_delivery_at)}`,
    },
    { id: 'status', header: c.status, card: 'status', className: 'whitespace-nowrap', cell: (row) => <StatusBadge status={row.status} /> },
    {
      id: 'driver',
      header: c.driverTruck,
      cell: (row) => (
        <span className="block">
          <span className="block">{row.driver_name ?? texts.loads.screens.unassignedDriver}</span>
          {row.truck_unit && <span className="block text-xs text-muted-foreground">{row.truck_unit}</span>}
        </span>
      ),
    },
    { id: 'revenue', header: c.revenue, className: 'whitespace-nowrap text-right', cell: (row) => formatDollars(row.revenue_cents) },
    { id: 'miles', header: c.miles, className: 'text-right', cell: (row) => row.loaded_miles.toLocaleString('en-US') },
  ]
}

export interface LoadsPageProps {
  /** The Tenders tab's panel (issue 33), composed in by the app layer; `?tab=tenders` shows it. */
  tendersSlot?: ReactNode
}

/** 'Loads | Tenders': links, so the bell's `?tab=tenders&tender=<id>` opens the second. */
function SectionSwitch({ tenders }: { tenders: boolean }) {
  const t = texts.tenderScreens.fleet
  const item = (to: string, label: string, current: boolean) => (
    <li>
      <Link
        to={to}
        aria-current={current ? 'page' : undefined}
        className={
          current
            ? 'block rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground'
            : 'block rounded-md px-3 py-1.5 text-sm font-medium text-ink hover:bg-muted'
        }
      >
        {label}
      </Link>
    </li>
  )
  return (
    <nav aria-label={t.sections}>
      <ul className="inline-flex gap-1 rounded-lg border border-border bg-white p-1">
        {item(fleetRoutes.loads, t.tabLoads, !tenders)}
        {item(fleetRoutes.tenders(), t.tabTenders, tenders)}
      </ul>
    </nav>
  )
}

/** /fleet-dashboard/loads: every load by status, searched and paged on the server (issue 31 §4). */
export default function LoadsPage({ tendersSlot }: LoadsPageProps) {
  const s = texts.loads.screens
  const [searchParams] = useSearchParams()
  const showTenders = tendersSlot !== undefined && searchParams.get('tab') === 'tenders'
  const searchId = useId()
  const list = useListParams()
  const [search, setSearch] = useState(list.q)
  const debounced = useDebouncedValue(search.trim(), 300)
  const { setQ } = list
  useEffect(() => {
    if (debounced !== list.q) setQ(debounced)
    // Only a new debounced text searches; the address changing (back, a link) keeps the box as typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  const statuses = list.request.statuses
  const query = useLoadsPage(list.request)
  const unreadSummary = useLoadMessagesUnread().data
  const unread = useMemo(
    () => new Map((unreadSummary?.by_load ?? []).map((l) => [l.load_id, l.unread])),
    [unreadSummary],
  )
  const counts = query.data?.counts ? tabCounts(query.data.counts) : null
  // No load at all (not merely none in this tab or for this search): the empty state and its call to action.
  const noLoadsYet =
    query.isSuccess && query.data.loads.length === 0 && !list.q && (counts ? counts.all === 0 : list.tab === 'all')

  let body: ReactNode
  if (query.isError) {
    body = (
      <LoadError
        title={s.loadFailed}
        message={query.error.message}
        retryLabel={s.retry}
        onRetry={() => void query.refetch()}
      />
    )
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={s.loading} />
      </div>
    )
  } else if (query.data.loads.length === 0) {
    body = <p className="py-10 text-center text-sm text-muted-foreground">{s.noResults}</p>
  } else {
    body = (
      <>
        <DataTable
          items={query.data.loads}
          columns={columns(unread)}
          rows={{ key: (row) => row.id, href: (row) => fleetRoutes.load(row.id) }}
          actionsLabel={s.title}
        />
        <Pagination
          data={{ items: query.data.loads, total: query.data.total, page: list.page, per_page: LOADS_PAGE_SIZE }}
          onPage={list.setPage}
          busy={query.isFetching}
          texts={s}
        />
      </>
    )
  }
  return (
    <RateConDropZone>
      {(uploadButton) => (
        <div className="space-y-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold text-ink">{s.title}</h1>
              <p className="text-sm text-muted-foreground">{s.description}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <a
                href={loadsExportUrl({ statuses, q: list.q })}
                download
                className={buttonClass('outline')}
              >
                <Download className="h-4 w-4" aria-hidden />
                {s.exportCsv}
              </a>
              {uploadButton}
              <Button asChild>
                <Link to={fleetRoutes.loadNew}>
                  <Plus className="h-4 w-4" aria-hidden />
                  {s.newLoad}
                </Link>
              </Button>
            </div>
          </div>
          {tendersSlot !== undefined && <SectionSwitch tenders={showTenders} />}

          {showTenders ? (
            tendersSlot
          ) : noLoadsYet ? (
            <div className="rounded-xl border border-dashed border-border bg-white px-6 py-12 text-center">
              <h2 className="text-lg font-semibold text-ink">{s.emptyTitle}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{s.emptyText}</p>
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                <Button asChild>
                  <Link to={fleetRoutes.loadNew}>{s.newLoad}</Link>
                </Button>
                {uploadButton}
              </div>
            </div>
          ) : (
            <Tabs
              value={list.tab}
              onValueChange={(value) => isLoadTab(value) && list.setTab(value)}
              className="space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6"
            >
              <div className="flex flex-wrap items-center gap-3">
                <div className="relative min-w-0 flex-1 basis-64">
                  <label htmlFor={searchId} className="sr-only">
                    {s.search}
                  </label>
                  <Search
                    className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden
                  />
                  <Input
                    id={searchId}
                    type="search"
                    className="pl-9"
                    placeholder={s.search}
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                  />
                </div>
                {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" label={s.loading} />}
              </div>
              {/* Eight tabs: they wrap onto a second row rather than scroll out of sight. */}
              <TabsList aria-label={s.statusTabs} className="flex-wrap!">
                {LOAD_TAB_IDS.map((tab) => (
                  <TabsTrigger key={tab} value={tab}>
                    {format(s.tabs[tab], { n: counts ? counts[tab] : '…' })}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value={list.tab} className="space-y-4">
                {body}
              </TabsContent>
            </Tabs>
          )}
        </div>
      )}
    </RateConDropZone>
  )
}
