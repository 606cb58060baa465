import type { UseQueryResult } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { format, texts } from '@/lib/texts'
import type { Page } from './api/types'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import type { PagedSearch } from './use-paged-search'

const t = texts.admin

export interface AdminListProps<T> {
  query: UseQueryResult<Page<T>>
  paged: PagedSearch
  /** Placeholder and accessible name of the search box. */
  searchLabel: string
  /** Title of the destructive toast and the inline error when loading fails. */
  loadFailed: string
  /** Shown when the list is empty and nothing is searched for. */
  emptyText: string
  /** Extra controls next to the search box (e.g. a create button). */
  actions?: ReactNode
  children: (items: T[]) => ReactNode
}

/** Search box, loading / empty / error states and pagination around one admin table. */
export function AdminList<T>({
  query,
  paged,
  searchLabel,
  loadFailed,
  emptyText,
  actions,
  children,
}: AdminListProps<T>) {
  const searchId = useId()
  useLoadErrorToast(query, loadFailed)

  let body: ReactNode
  if (query.isError) {
    body = (
      <Alert className="flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="font-medium">{loadFailed}</span>
          {query.error.message && <span className="block">{query.error.message}</span>}
        </span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    )
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    )
  } else if (query.data.items.length === 0) {
    body = (
      <p className="py-10 text-center text-sm text-muted-foreground">
        {paged.params.q ? t.noResults : emptyText}
      </p>
    )
  } else {
    body = (
      <>
        {children(query.data.items)}
        <Pagination data={query.data} onPage={paged.setPage} busy={query.isFetching} />
      </>
    )
  }

  return (
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
            value={paged.search}
            onChange={(event) => paged.setSearch(event.target.value)}
          />
        </div>
        {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" />}
        {actions}
      </div>
      {body}
    </div>
  )
}

export function Pagination({
  data,
  onPage,
  busy,
}: {
  data: Page<unknown>
  onPage: (page: number) => void
  busy?: boolean
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.per_page))
  const from = data.total === 0 ? 0 : (data.page - 1) * data.per_page + 1
  const to = Math.min(data.total, from + data.items.length - 1)
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{format(t.showingOf, { from, to, total: data.total })}</p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={busy || data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {t.previous}
        </Button>
        <span aria-live="polite">{format(t.pageOf, { page: data.page, pages })}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || data.page >= pages}
          onClick={() => onPage(data.page + 1)}
        >
          {t.next}
        </Button>
      </div>
    </nav>
  )
}
