import type { UseQueryResult } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { format, texts } from '@/lib/texts'
import type { ListPage, ListTab } from './api/types'
import type { ListState } from './use-list-state'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'

const t = texts.fleet
const a = texts.fleet.assets

export interface AssetListProps<T> {
  title: string
  /** Placeholder and accessible name of the search box. */
  searchLabel: string
  /** Buttons next to the title. */
  actions?: ReactNode
  /** A banner between the header and the list (e.g. 'No ELD Connected'). */
  notice?: ReactNode
  /** Tab labels with an `{n}` placeholder for the count. */
  tabLabels: Record<ListTab, string>
  list: ListState
  query: UseQueryResult<ListPage<T>>
  /** Title of the destructive toast and the inline error. */
  loadFailed: string
  /** Toast description when the error has no message. */
  loadFailedText?: string
  /** Shown when the tab is empty and nothing is searched for. */
  empty: ReactNode
  children: (items: T[]) => ReactNode
}

/** Header, search, Active/Inactive tabs, loading / empty / error states and pagination around one fleet table. */
export function AssetList<T>({
  title,
  searchLabel,
  actions,
  notice,
  tabLabels,
  list,
  query,
  loadFailed,
  loadFailedText,
  empty,
  children,
}: AssetListProps<T>) {
  const searchId = useId()
  useLoadErrorToast(query, loadFailed, { fallback: loadFailedText })
  const counts = query.data?.counts

  let body: ReactNode
  if (query.isError) {
    body = <LoadError title={loadFailed} message={query.error.message || loadFailedText} onRetry={() => void query.refetch()} />
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={a.loading} />
      </div>
    )
  } else if (query.data.items.length === 0) {
    body = list.params.q ? (
      <p className="py-10 text-center text-sm text-muted-foreground">{a.noMatches}</p>
    ) : (
      <div className="py-10 text-center">{empty}</div>
    )
  } else {
    body = (
      <>
        {children(query.data.items)}
        <Pagination data={query.data} onPage={list.setPage} busy={query.isFetching} />
      </>
    )
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {notice}
      <div className="space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative min-w-0 flex-1 basis-64">
            <label htmlFor={searchId} className="sr-only">
              {searchLabel}
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder={searchLabel}
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
            />
          </div>
          {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" label={a.loading} />}
        </div>
        <Tabs value={list.params.tab} onValueChange={(value) => list.setTab(value === 'inactive' ? 'inactive' : 'active')}>
          <TabsList>
            {(['active', 'inactive'] as const).map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {format(tabLabels[tab], { n: counts ? counts[tab] : '…' })}
              </TabsTrigger>
            ))}
          </TabsList>
          {(['active', 'inactive'] as const).map((tab) => (
            <TabsContent key={tab} value={tab} className="space-y-4">
              {body}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </div>
  )
}

export function LoadError({ title, message, onRetry }: { title: string; message?: string; onRetry: () => void }) {
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-3">
      <span>
        <span className="font-medium">{title}</span>
        {message && message !== title && <span className="block">{message}</span>}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {a.retry}
      </Button>
    </Alert>
  )
}

function Pagination({ data, onPage, busy }: { data: ListPage<unknown>; onPage: (page: number) => void; busy?: boolean }) {
  const pages = Math.max(1, Math.ceil(data.total / data.per_page))
  const from = data.total === 0 ? 0 : (data.page - 1) * data.per_page + 1
  const to = Math.min(data.total, from + data.items.length - 1)
  return (
    <nav aria-label={a.pagination} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{format(a.showingOf, { from, to, total: data.total })}</p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={busy || data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {a.previous}
        </Button>
        <span aria-live="polite">{format(a.pageOf, { page: data.page, pages })}</span>
        <Button variant="outline" size="sm" disabled={busy || data.page >= pages} onClick={() => onPage(data.page + 1)}>
          {a.next}
        </Button>
      </div>
    </nav>
  )
}

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
