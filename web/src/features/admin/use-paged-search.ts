import { useState } from 'react'
import { PAGE_SIZE } from './api/admin-api'
import type { PageParams } from './api/types'
import { useDebouncedValue } from '@/lib/use-debounced-value'

export interface PagedSearch {
  /** What is typed in the search box. */
  search: string
  setSearch: (value: string) => void
  /** The debounced request parameters. */
  params: PageParams
  setPage: (page: number) => void
}

/** Search text (debounced ~250 ms) and page number; a new search starts at page 1. */
export function usePagedSearch(delayMs = 250): PagedSearch {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), delayMs)
  const [paging, setPaging] = useState({ q, page: 1 })
  const page = paging.q === q ? paging.page : 1
  return {
    search,
    setSearch,
    params: { q, page, per_page: PAGE_SIZE },
    setPage: (next) => setPaging({ q, page: next }),
  }
}
