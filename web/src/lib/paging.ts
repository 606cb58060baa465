import type { components, paths } from './api-types'

type Schemas = components['schemas']
type FleetListQuery = Required<NonNullable<paths['/api/fleet/trucks']['get']['parameters']['query']>>

/** The Active / Inactive tabs of the fleet lists. */
export type ListTab = keyof Schemas['TabCounts']

/**
 * `?q=&tab=&page=&per_page=` of a list endpoint: the admin lists take no tab,
 * the fleet lists take one.
 */
export type ListParams = Omit<FleetListQuery, 'tab'> & { tab?: ListTab }

/**
 * One page of any list endpoint (`Page_*` and `ListPage_*` in the contract);
 * the fleet lists add the counts of both tabs.
 */
export type ListData<T> = Pick<Schemas['Page_UserItem'], 'total' | 'page' | 'per_page'> & {
  items: T[]
  counts?: Schemas['TabCounts']
}

/** The query string of a list request. */
export function listQuery({ q, tab, page, per_page }: ListParams): string {
  const query = new URLSearchParams({ q })
  if (tab) query.set('tab', tab)
  query.set('page', String(page))
  query.set('per_page', String(per_page))
  return query.toString()
}
