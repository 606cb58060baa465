import type { UseQueryResult } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { PagedList } from '@/components/data-list/use-paged-list'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import type { ListData } from '@/lib/paging'
import { format, texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'

const t = texts.admin

export interface PickerFormProps<T> {
  paged: PagedList
  query: UseQueryResult<ListData<T>>
  /** The visible label of the search box (e.g. 'Fleet Account', 'User'). */
  label: string
  searchPlaceholder: string
  /** Accessible name of the list of choices. */
  listLabel: string
  requiredMessage: string
  loadFailed: string
  emptyText: string
  getId: (item: T) => string
  renderOption: (item: T) => ReactNode
  busy: boolean
  onCancel: () => void
  onSubmit: (item: T) => void
}

/** A searchable single choice with a required check, plus Cancel and Assign. */
export function PickerForm<T>({
  paged,
  query,
  label,
  searchPlaceholder,
  listLabel,
  requiredMessage,
  loadFailed,
  emptyText,
  getId,
  renderOption,
  busy,
  onCancel,
  onSubmit,
}: PickerFormProps<T>) {
  const searchId = useId()
  const errorId = useId()
  const name = useId()
  const [selected, setSelected] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  useLoadErrorToast(query, loadFailed)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!selected) {
      setError(requiredMessage)
      return
    }
    onSubmit(selected)
  }

  let list: ReactNode
  if (query.isError) {
    list = (
      <Alert className="flex flex-wrap items-center justify-between gap-3">
        <span>{loadFailed}</span>
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    )
  } else if (query.isPending) {
    list = (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    )
  } else if (query.data.items.length === 0) {
    list = (
      <p className="py-6 text-center text-sm text-muted-foreground">{paged.params.q ? t.noResults : emptyText}</p>
    )
  } else {
    const data = query.data
    const from = (data.page - 1) * data.per_page + 1
    list = (
      <>
        <div
          role="radiogroup"
          aria-label={listLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'max-h-64 divide-y divide-border overflow-y-auto rounded-md border',
            error ? 'border-destructive' : 'border-border',
          )}
        >
          {data.items.map((item) => {
            const id = getId(item)
            const checked = selected !== null && getId(selected) === id
            return (
              <label
                key={id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-muted',
                  checked && 'bg-primary/5',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={id}
                  checked={checked}
                  onChange={() => {
                    setSelected(item)
                    setError(null)
                  }}
                  className="mt-1 accent-primary"
                />
                <span className="min-w-0 flex-1">{renderOption(item)}</span>
              </label>
            )
          })}
        </div>
        {data.total > data.items.length && (
          <p className="text-xs text-muted-foreground">
            {format(t.showingOf, { from, to: from + data.items.length - 1, total: data.total })}
          </p>
        )}
      </>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor={searchId}>{label}</Label>
        <Input
          id={searchId}
          type="search"
          placeholder={searchPlaceholder}
          value={paged.search}
          onChange={(event) => paged.setSearch(event.target.value)}
        />
      </div>
      {list}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t.assigning : t.assign}
        </Button>
      </div>
    </form>
  )
}
