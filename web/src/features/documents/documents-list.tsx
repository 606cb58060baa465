import type { UseQueryResult } from '@tanstack/react-query'
import { FolderOpen } from 'lucide-react'
import { useEffect } from 'react'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { format, texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import type { DocumentPage } from './api/types'
import { DocumentsTable } from './documents-table'

const d = texts.documents
const count = new Intl.NumberFormat('en-US')

/** A page of documents in its states: loading, failed (with Retry), empty, the table with pagination. */
export function DocumentsList({ query, onPage }: { query: UseQueryResult<DocumentPage>; onPage: (page: number) => void }) {
  useLoadErrorToast(query, d.loadFailed)
  // A page past the end (the last row of the last page deleted, an old link): the last page there is.
  const past = query.data && query.data.items.length === 0 && query.data.page > 1 && !query.isPlaceholderData
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.per_page)) : 1
  useEffect(() => {
    if (past) onPage(lastPage)
  }, [past, lastPage, onPage])

  if (query.isError) {
    return (
      <LoadError
        title={d.loadFailed}
        message={query.error.message}
        retryLabel={d.retry}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={texts.fleet.assets.loading} />
      </div>
    )
  }
  const data = query.data
  if (data.items.length === 0) {
    return (
      <div className="space-y-2 py-10 text-center">
        <FolderOpen className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium text-ink">{d.emptyTitle}</p>
        <p className="text-sm text-muted-foreground">{d.emptyText}</p>
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <DocumentsTable documents={data.items} />
      <DocumentsPagination data={data} busy={query.isFetching} onPage={onPage} />
    </div>
  )
}

/** 'Showing 1–50 of 1,234' with Previous and Next, from the server's total. */
export function DocumentsPagination({
  data,
  busy,
  onPage,
}: {
  data: DocumentPage
  busy: boolean
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.per_page))
  const from = data.items.length === 0 ? 0 : (data.page - 1) * data.per_page + 1
  const to = data.items.length === 0 ? 0 : from + data.items.length - 1
  return (
    <nav aria-label={texts.fleet.assets.pagination} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {format(d.showingOf, { from: count.format(from), to: count.format(to), total: count.format(data.total) })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={busy || data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {d.previous}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || data.page >= pages}
          onClick={() => onPage(data.page + 1)}
        >
          {d.next}
        </Button>
      </div>
    </nav>
  )
}
