import { Play, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { LoadError } from '@/components/load-error'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Spinner } from '@/components/ui/spinner'
import { shortDate } from '@/lib/dates'
import { brokerRoutes } from '@/lib/routes'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/broker-queries'
import type { SavedSearch } from '../api/types'
import { criteriaSummary } from '../board-format'
import { boardSearch, criteriaFromWire } from '../criteria'
import { labels } from '../labels'
import { Switch } from '../switch'

const t = texts.board.saved

function SavedSearchRow({ search, onDelete }: { search: SavedSearch; onDelete: () => void }) {
  const update = useUpdateSavedSearch()
  const criteria = criteriaFromWire(search.criteria)
  // The switch shows the new state at once; a failure puts it back.
  const alerts = update.isPending ? (update.variables.patch.alerts ?? search.alerts) : search.alerts

  const toggle = (on: boolean) =>
    update.mutate(
      { id: search.id, patch: { alerts: on } },
      { onError: (error) => specToast('error', error.message || texts.errors.generic) },
    )

  return (
    <li className="rounded-xl border border-border bg-white p-4 shadow-sm">
      <article aria-label={search.name} className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold break-words">{search.name}</h2>
          <p className="text-sm break-words text-muted-foreground">{criteriaSummary(criteria)}</p>
          {search.last_alert_at && (
            <p className="text-xs text-muted-foreground">
              {format(labels.lastAlert, { date: shortDate(search.last_alert_at) ?? '' })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Switch
            id={`alerts-${search.id}`}
            label={t.alerts}
            accessibleName={`${t.alerts} — ${search.name}`}
            checked={alerts}
            disabled={update.isPending}
            onCheckedChange={toggle}
          />
          <Link
            to={brokerRoutes.board(boardSearch(criteria))}
            className={buttonClass('outline', 'sm')}
            aria-label={`${labels.run} — ${search.name}`}
          >
            <Play className="h-4 w-4" aria-hidden />
            {labels.run}
          </Link>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`${labels.delete} — ${search.name}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {labels.delete}
          </Button>
        </div>
      </article>
    </li>
  )
}

/** /broker/saved-searches: the user's own saved searches, their alerts, a way to run or delete each. */
export default function SavedSearchesPage() {
  const query = useSavedSearches()
  const remove = useDeleteSavedSearch()
  const [deleting, setDeleting] = useState<SavedSearch | null>(null)

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        specToast('success', t.deleted)
        setDeleting(null)
      },
      onError: (error) => specToast('error', error.message || texts.errors.generic),
    })
  }

  let body
  if (query.isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={labels.loading} />
      </div>
    )
  else if (query.isError)
    body = (
      <LoadError
        title={labels.loadFailed}
        message={query.error.message}
        retryLabel={labels.retry}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.data.saved_searches.length === 0)
    body = (
      <p className="rounded-xl border border-dashed border-border bg-white p-6 text-center text-muted-foreground">
        {t.empty}
      </p>
    )
  else
    body = (
      <ul className="space-y-3">
        {query.data.saved_searches.map((search) => (
          <SavedSearchRow key={search.id} search={search} onDelete={() => setDeleting(search)} />
        ))}
      </ul>
    )

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
      {body}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t.deleteConfirm}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{deleting?.name}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{labels.cancel}</AlertDialogCancel>
            <AlertDialogConfirm disabled={remove.isPending} onClick={confirmDelete}>
              {labels.delete}
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
