import { DataList, type DataListProps } from '@/components/data-list/data-list'
import type { DataListTexts } from '@/components/data-list/data-list-texts'
import { texts } from '@/lib/texts'

const t = texts.admin

const listTexts: DataListTexts & { actions: string } = {
  retry: t.retry,
  previous: t.previous,
  next: t.next,
  showingOf: t.showingOf,
  pageOf: t.pageOf,
  noResults: t.noResults,
  actions: t.columns.actions,
}

export interface AdminListProps<T> extends Omit<DataListProps<T>, 'texts' | 'empty'> {
  /** Shown when the list is empty and nothing is searched for. */
  emptyText: string
}

/** One admin table in the shared list shell, with the admin texts. */
export function AdminList<T>({ emptyText, ...list }: AdminListProps<T>) {
  return <DataList {...list} texts={listTexts} empty={<p className="text-sm text-muted-foreground">{emptyText}</p>} />
}
