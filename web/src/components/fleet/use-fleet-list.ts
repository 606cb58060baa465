import { usePagedList } from '@/components/data-list/use-paged-list'

/** Rows per page of the fleet lists. */
const FLEET_PAGE_SIZE = 50

/** The request state of a fleet list: search, Active/Inactive tab, page. */
export function useFleetList() {
  return usePagedList({ pageSize: FLEET_PAGE_SIZE, tabs: true })
}
