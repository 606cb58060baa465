import { useState } from 'react'
import type { ListParams, ListTab } from '@/lib/paging'
import { useDebouncedValue } from '@/lib/use-debounced-value'

export interface PagedList {
  /** What is typed in the search box. */
  search: string
  setSearch: (value: string) => void
  setTab: (tab: ListTab) => void
  setPage: (page: number) => void
  /** The debounced request parameters. */
  params: ListParams
}

export interface PagedListOptions {
  pageSize: number
  /** Whether the list has Active / Inactive tabs (sent as `tab`). */
  tabs?: boolean
  delayMs?: number
}

/** Search text (debounced ~250 ms → `q`), tab and page; a new search or tab starts at page 1. */
export function usePagedList({ pageSize, tabs = false, delayMs = 250 }: PagedListOptions): PagedList {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), delayMs)
  const [tab, setTab] = useState<ListTab>('active')
  const [paging, setPaging] = useState({ q, tab, page: 1 })
  const page = paging.q === q && paging.tab === tab ? paging.page : 1
  return {
    search,
    setSearch,
    setTab,
    setPage: (next) => setPaging({ q, tab, page: next }),
    params: tabs ? { q, tab, page, per_page: pageSize } : { q, page, per_page: pageSize },
  }
}
