import type { ReactNode } from 'react'
import { DataList, type DataListProps } from '@/components/data-list/data-list'
import type { DataListTexts } from '@/components/data-list/data-list-texts'
import { texts } from '@/lib/texts'

const a = texts.fleet.assets

const listTexts: DataListTexts & { actions: string } = {
  retry: a.retry,
  previous: a.previous,
  next: a.next,
  showingOf: a.showingOf,
  pageOf: a.pageOf,
  noResults: a.noMatches,
  pagination: a.pagination,
  loading: a.loading,
  // The board section ships with the fleet screens already (the Trucks list posts to the board).
  actions: texts.board.postings.actions,
}

export interface FleetListProps<T> extends Omit<DataListProps<T>, 'texts' | 'toolbar'> {
  title: string
  /** Buttons next to the title. */
  actions?: ReactNode
  /** A line across the screen under the header (an ELD sync's progress). */
  progress?: ReactNode
  /** A banner between the header and the list (e.g. 'No ELD Connected'). */
  notice?: ReactNode
}

/** A fleet list screen (trucks, trailers, drivers): title and actions, a notice, then the list with its tabs. */
export function FleetList<T>({ title, actions, progress, notice, ...list }: FleetListProps<T>) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {progress}
      {notice}
      <DataList {...list} texts={listTexts} />
    </div>
  )
}
