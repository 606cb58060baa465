import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { useBoardSearch } from '../api/broker-queries'
import type { SearchCriteria } from '../api/types'
import { boardQueryFromSearch, searchFromCriteria } from '../criteria'
import { labels } from '../labels'
import { useWideScreen } from '../use-wide-screen'
import { PostingDialog, type TenderAction } from './posting-dialog'
import { ResultsList } from './results-list'
import { SaveSearchButton } from './save-search-dialog'
import { SearchForm } from './search-form'
import { FORM_FIELD_OF, type SearchFormValues } from './search-schema'

const s = texts.board.search
/** The query parameter of the posting whose details are open. */
const POSTING = 'posting'

/** A 422's field messages, by the form's fields; empty for any other failure. */
function fieldErrorsOf(error: unknown): Partial<Record<keyof SearchFormValues, string>> {
  if (!(error instanceof ApiError) || error.status !== 422) return {}
  const fields: Partial<Record<keyof SearchFormValues, string>> = {}
  for (const [name, message] of Object.entries(error.fields)) {
    const field = FORM_FIELD_OF[name]
    if (field) fields[field] = message
  }
  return fields
}

/**
 * /broker/board: the truck board's search and its results, nearest deadhead
 * first. The criteria and the page live in the URL (a search can be linked
 * to, and back/forward step through searches); so does the open posting.
 */
export default function BoardPage({ tenderAction }: { tenderAction?: TenderAction }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { criteria, page } = boardQueryFromSearch(searchParams)
  const query = useBoardSearch(criteria, page)
  const resultsRef = useRef<HTMLDivElement>(null)
  const postingId = searchParams.get(POSTING)
  const formKey = criteria ? searchFromCriteria(criteria).toString() : ''
  const serverErrors = fieldErrorsOf(query.error)
  const wide = useWideScreen()
  // On a phone the form fills the screen: once a search has answered, its
  // results are scrolled into view rather than left below the fold.
  const revealResults = useRef(false)
  const answered = criteria !== null && !query.isFetching
  useEffect(() => {
    if (!revealResults.current || !answered) return
    revealResults.current = false
    if (wide) return
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    resultsRef.current?.scrollIntoView?.({ block: 'start', behavior: smooth ? 'smooth' : 'auto' })
  }, [answered, wide])

  const search = (next: SearchCriteria) => {
    revealResults.current = true
    const params = searchFromCriteria(next)
    // The same search again (after a failure, or for fresh results): ask again.
    if (criteria && page === 1 && !postingId && params.toString() === searchFromCriteria(criteria).toString())
      void query.refetch()
    else setSearchParams(params)
  }

  const goToPage = (next: number) => {
    if (!criteria) return
    setSearchParams(searchFromCriteria(criteria, next))
    resultsRef.current?.scrollIntoView?.({ block: 'start' })
  }

  const openPosting = (id: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set(POSTING, id)
        return next
      },
      { state: { openedHere: true } },
    )

  // Closing steps back when the posting was opened here (Back then leaves the
  // board rather than re-opening it); a linked posting is replaced by the board.
  const closePosting = () => {
    if ((location.state as { openedHere?: boolean } | null)?.openedHere) {
      void navigate(-1)
      return
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(POSTING)
        return next
      },
      { replace: true },
    )
  }

  let results: ReactNode
  if (!criteria) {
    results = <p className="rounded-xl border border-dashed border-border bg-white p-6 text-center text-muted-foreground">{s.start}</p>
  } else if (query.isPending) {
    results = (
      <div className="flex justify-center py-10">
        <Spinner label={labels.loading} />
      </div>
    )
  } else if (query.isError) {
    const error = query.error
    // A 422's field messages show beside their fields, not here as well.
    results =
      Object.keys(serverErrors).length > 0 ? null : error instanceof ApiError && error.status === 422 ? (
        <Alert>{error.message}</Alert>
      ) : (
        <LoadError
          title={error.message || texts.errors.generic}
          retryLabel={labels.retry}
          onRetry={() => void query.refetch()}
        />
      )
  } else if (query.data.results.length === 0) {
    results = <p className="rounded-xl border border-dashed border-border bg-white p-6 text-center text-muted-foreground">{s.empty}</p>
  } else {
    const data = query.data
    results = (
      <div className={cn('space-y-4', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isFetching}>
        <ResultsList results={data.results} onOpen={(result) => openPosting(result.id)} />
        {(data.page > 1 || data.has_more) && (
          <nav aria-label={labels.pagination} className="flex items-center justify-between gap-3 text-sm">
            <Button variant="outline" size="sm" disabled={data.page <= 1 || query.isFetching} onClick={() => goToPage(data.page - 1)}>
              {labels.previous}
            </Button>
            <span aria-live="polite">{format(labels.pageOf, { page: data.page })}</span>
            <Button variant="outline" size="sm" disabled={!data.has_more || query.isFetching} onClick={() => goToPage(data.page + 1)}>
              {labels.next}
            </Button>
          </nav>
        )}
      </div>
    )
  }

  const placeholder = query.data?.results.find((result) => result.id === postingId)

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">{s.title}</h1>
          <p className="text-muted-foreground">{s.subtitle}</p>
        </div>
        {/* A search that found its origin can be saved; one the server refused cannot. */}
        {criteria && query.isSuccess && <SaveSearchButton criteria={criteria} />}
      </div>
      <SearchForm key={formKey} criteria={criteria} serverErrors={serverErrors} onSearch={search} />
      <div ref={resultsRef} className="scroll-mt-4">
        {results}
      </div>
      {postingId && (
        <PostingDialog
          key={postingId}
          postingId={postingId}
          origin={criteria?.origin ?? null}
          placeholder={placeholder}
          onClose={closePosting}
          tenderAction={tenderAction}
        />
      )}
    </div>
  )
}
