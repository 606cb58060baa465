import { useState } from 'react'
import { Pagination } from '@/components/data-list/pagination'
import type { DataListTexts } from '@/components/data-list/data-list-texts'
import { LoadError } from '@/components/load-error'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { shortDateTime } from '@/lib/dates'
import { orDash } from '@/lib/fleet-display'
import { texts } from '@/lib/texts'
import { useSyncHistory } from './api/eld-queries'
import type { SyncRun } from '@/lib/eld'

const e = texts.eld
const col = texts.eld.historyColumns
const a = texts.fleet.assets

const pagingTexts: DataListTexts = {
  retry: a.retry,
  previous: a.previous,
  next: a.next,
  showingOf: a.showingOf,
  pageOf: a.pageOf,
  noResults: a.noMatches,
  pagination: a.pagination,
  loading: a.loading,
}

const kindLabel = (run: SyncRun) => (run.kind === 'import' ? e.importKind : e.dataKinds[run.kind])

export function SyncStatusBadge({ run }: { run: SyncRun }) {
  const label = e.statuses[run.status]
  if (run.status === 'succeeded') return <Badge variant="success">{label}</Badge>
  if (run.status === 'failed') return <Badge variant="destructive">{label}</Badge>
  return (
    <Badge variant="info" className="gap-1.5">
      <span
        aria-hidden
        className="h-3 w-3 rounded-full border-2 border-blue-300 border-t-blue-800 motion-safe:animate-spin"
      />
      {label}
    </Badge>
  )
}

/** The run's error (red) and warning (amber), or '-'. */
function RunProblems({ run }: { run: SyncRun }) {
  if (!run.error && !run.warning) return <>{a.empty}</>
  return (
    <span className="space-y-1">
      {run.error && <span className="block text-red-700">{run.error}</span>}
      {run.warning && (
        <span className="block text-amber-800">
          <span className="sr-only">{col.warning}: </span>
          {run.warning}
        </span>
      )}
    </span>
  )
}

/** A scheduled run that fetched only the changes since the last one says so. */
function triggerLabel(run: SyncRun): string {
  const trigger = e.triggers[run.trigger]
  return run.incremental ? `${trigger} (${e.changesOnly})` : trigger
}

function HistoryTable({ runs }: { runs: SyncRun[] }) {
  return (
    <Table className="min-w-[760px]">
      <TableHeader>
        <TableRow>
          <TableHead>{col.kind}</TableHead>
          <TableHead>{col.trigger}</TableHead>
          <TableHead>{col.started}</TableHead>
          <TableHead>{col.finished}</TableHead>
          <TableHead className="px-2! text-right">{col.created}</TableHead>
          <TableHead className="px-2! text-right">{col.updated}</TableHead>
          <TableHead className="px-2! text-right">{col.deactivated}</TableHead>
          <TableHead>{col.status}</TableHead>
          <TableHead>{col.error}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.id}>
            <TableCell className="font-medium">{kindLabel(run)}</TableCell>
            <TableCell>{triggerLabel(run)}</TableCell>
            <TableCell className="min-w-28">{orDash(shortDateTime(run.started_at))}</TableCell>
            <TableCell className="min-w-28">{orDash(shortDateTime(run.finished_at))}</TableCell>
            <TableCell className="px-2! text-right tabular-nums">{run.created}</TableCell>
            <TableCell className="px-2! text-right tabular-nums">{run.updated}</TableCell>
            <TableCell className="px-2! text-right tabular-nums">{run.deactivated}</TableCell>
            <TableCell>
              <SyncStatusBadge run={run} />
            </TableCell>
            <TableCell className="max-w-xs min-w-40 text-sm break-words">
              <RunProblems run={run} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Phones: one card per run, the same fields as the table's columns. */
function HistoryCards({ runs }: { runs: SyncRun[] }) {
  return (
    <ul className="space-y-3">
      {runs.map((run) => (
        <li key={run.id} className="rounded-lg border border-border p-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium text-ink">
              {kindLabel(run)} · {triggerLabel(run)}
            </p>
            <SyncStatusBadge run={run} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">{col.started}</dt>
            <dd>{orDash(shortDateTime(run.started_at))}</dd>
            <dt className="text-muted-foreground">{col.finished}</dt>
            <dd>{orDash(shortDateTime(run.finished_at))}</dd>
            <dt className="text-muted-foreground">{col.created}</dt>
            <dd className="tabular-nums">{run.created}</dd>
            <dt className="text-muted-foreground">{col.updated}</dt>
            <dd className="tabular-nums">{run.updated}</dd>
            <dt className="text-muted-foreground">{col.deactivated}</dt>
            <dd className="tabular-nums">{run.deactivated}</dd>
          </dl>
          {(run.error || run.warning) && (
            <p className="mt-3 break-words">
              <RunProblems run={run} />
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}

/** Company Settings › ELD Integration › Sync History: runs newest first, refreshed while one is going. */
export function SyncHistory() {
  const [page, setPage] = useState(1)
  const history = useSyncHistory(page)

  let body
  if (history.isError) {
    body = (
      <LoadError
        title={e.historyLoadFailed}
        message={history.error.message}
        retryLabel={a.retry}
        onRetry={() => void history.refetch()}
      />
    )
  } else if (history.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={a.loading} />
      </div>
    )
  } else if (history.data.items.length === 0 && history.data.page === 1) {
    body = <p className="py-10 text-center text-sm text-muted-foreground">{e.historyEmpty}</p>
  } else {
    const runs = history.data.items
    body = (
      <div className="space-y-4">
        <div className="hidden sm:block">
          <HistoryTable runs={runs} />
        </div>
        <div className="sm:hidden">
          <HistoryCards runs={runs} />
        </div>
        <Pagination data={history.data} onPage={setPage} busy={history.isPlaceholderData} texts={pagingTexts} />
      </div>
    )
  }

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{e.tabs.history}</CardTitle>
      </CardHeader>
      {/* Narrower sides on phones, so a run's dates fit its card on one line. */}
      <CardContent className="px-4 sm:px-6">{body}</CardContent>
    </Card>
  )
}
