import type { LoadListParams } from './api/loads-api'
import { LOAD_TABS, isLoadTab, type LoadTab } from './load-status'

export const LOADS_PAGE_SIZE = 25

/** The list's tab, search and page as the address keeps them (`?tab=&q=&page=`). */
export function listFromSearch(search: URLSearchParams): { tab: LoadTab; q: string; page: number } {
  const requested = search.get('tab')
  return {
    tab: isLoadTab(requested) ? requested : 'all',
    q: (search.get('q') ?? '').trim(),
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
  }
}

/** The request of the list the address shows: the screen's and its route's prefetch's. */
export function requestFromSearch(search: URLSearchParams): LoadListParams {
  const { tab, q, page } = listFromSearch(search)
  return { statuses: LOAD_TABS[tab], q, page, per_page: LOADS_PAGE_SIZE }
}
