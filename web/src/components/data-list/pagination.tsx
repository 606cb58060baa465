import { Button } from '@/components/ui/button'
import type { ListData } from '@/lib/paging'
import { format } from '@/lib/texts'
import type { DataListTexts } from './data-list-texts'

export interface PaginationProps {
  data: ListData<unknown>
  onPage: (page: number) => void
  busy?: boolean
  texts: DataListTexts
}

/** 'Showing 1–50 of 120' with Previous / Page n of m / Next. */
export function Pagination({ data, onPage, busy, texts }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.per_page))
  const from = data.total === 0 ? 0 : (data.page - 1) * data.per_page + 1
  const to = Math.min(data.total, from + data.items.length - 1)
  return (
    <nav aria-label={texts.pagination ?? 'Pagination'} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{format(texts.showingOf, { from, to, total: data.total })}</p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={busy || data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {texts.previous}
        </Button>
        <span aria-live="polite">{format(texts.pageOf, { page: data.page, pages })}</span>
        <Button variant="outline" size="sm" disabled={busy || data.page >= pages} onClick={() => onPage(data.page + 1)}>
          {texts.next}
        </Button>
      </div>
    </nav>
  )
}
