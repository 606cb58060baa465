import { useState } from 'react'
import { PAGE_SIZE } from './api/fleet-assets-api'
import type { ListParams, ListTab } from './api/types'
import { useDebouncedValue } from '@/lib/use-debounced-value'

export interface ListState {
  /** What is typed in the search box. */
  search: string
  setSearch: (value: string) => void
  setTab: (tab: ListTab) => void
  setPage: (page: number) => void
  /** The debounced request parameters. */
  params: ListParams
}

/** Search text (debounced ~250 ms → `q`), tab and page; a new search or tab starts at page 1. */
export function useListState(delayMs = 250): ListState {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), delayMs)
  const [tab, setTabState] = useState<ListTab>('active')
  const [paging, setPaging] = useState({ q, tab, page: 1 })
  const page = paging.q === q && paging.tab === tab ? paging.page : 1
  return {
    search,
    setSearch,
    setTab: setTabState,
    setPage: (next) => setPaging({ q, tab, page: next }),
    params: { q, tab, page, per_page: PAGE_SIZE },
  }
}
