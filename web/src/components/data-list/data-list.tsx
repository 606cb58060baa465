import type { UseQueryResult } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { LoadError } from '@/components/load-error'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import type { ListData, ListTab } from '@/lib/paging'
import { format } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import type { DataListTexts } from './data-list-texts'
import { DataTable, type DataColumn, type DataRows } from './data-table'
import { Pagination } from './pagination'
import type { PagedList } from './use-paged-list'

const TABS: ListTab[] = ['active', 'inactive']

export interface DataListProps<T> {
  query: UseQueryResult<ListData<T>>
  list: PagedList
  /** Placeholder and accessible name of the search box. */
  searchLabel: string
  /** Title of the destructive toast and the inline error when loading fails. */
  loadFailed: string
  /** Description of both when the error carries no message. */
  loadFailedText?: string
  /** Shown when the list (or tab) is empty and nothing is searched for. */
  empty: ReactNode
  texts: DataListTexts & { actions: string }
  /** Controls beside the search box (e.g. a create button). */
  toolbar?: ReactNode
  /** Active / Inactive tabs, labels with an `{n}` placeholder for the count. */
  tabLabels?: Record<ListTab, string>
  /** The columns: each says where it goes on a phone's card (title, status, action or a line). */
  columns: DataColumn<T>[]
  /** Each row's key, the page it opens and its "⋯" menu. */
  rows: DataRows<T>
  /** Classes of the table (md and wider), e.g. a minimum width. */
  tableClassName?: string
}

/**
 * The list shell of every paged table: search box, optional Active/Inactive
 * tabs with counts, loading / empty / error states, the rows (a table on
 * wide screens, a card per row on phones: data-table.tsx) and pagination.
 * The server searches, filters and pages; `list` holds the request parameters.
 */
export function DataList<T>({
  query,
  list,
  searchLabel,
  loadFailed,
  loadFailedText,
  empty,
  texts,
  toolbar,
  tabLabels,
  columns,
  rows,
  tableClassName,
}: DataListProps<T>) {
  const searchId = useId()
  useLoadErrorToast(query, loadFailed, { fallback: loadFailedText })

  let body: ReactNode
  if (query.isError) {
    body = (
      <LoadError
        title={loadFailed}
        message={query.error.message || loadFailedText}
        retryLabel={texts.retry}
        onRetry={() => void query.refetch()}
      />
    )
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={texts.loading} />
      </div>
    )
  } else if (query.data.items.length === 0) {
    body = list.params.q ? (
      <p className="py-10 text-center text-sm text-muted-foreground">{texts.noResults}</p>
    ) : (
      <div className="py-10 text-center">{empty}</div>
    )
  } else {
    body = (
      <>
        <DataTable
          items={query.data.items}
          columns={columns}
          rows={rows}
          actionsLabel={texts.actions}
          className={tableClassName}
        />
        <Pagination data={query.data} onPage={list.setPage} busy={query.isFetching} texts={texts} />
      </>
    )
  }

  const counts = query.data?.counts
  const controls = (
    // The search box, and beside it on a wide screen the tabs and the toolbar: one row above the table.
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
      {tabLabels && (
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {format(tabLabels[tab], { n: counts ? counts[tab] : '…' })}
            </TabsTrigger>
          ))}
        </TabsList>
      )}
      {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" label={texts.loading} />}
      {toolbar}
    </div>
  )
  const frame = 'space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6'
  if (!tabLabels) {
    return (
      <div className={frame}>
        {controls}
        {body}
      </div>
    )
  }
  return (
    <Tabs
      value={list.params.tab}
      onValueChange={(value) => list.setTab(value === 'inactive' ? 'inactive' : 'active')}
      className={frame}
    >
      {controls}
      {TABS.map((tab) => (
        <TabsContent key={tab} value={tab} className="space-y-4">
          {body}
        </TabsContent>
      ))}
    </Tabs>
  )
}
