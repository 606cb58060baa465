import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import { billingOverviewQuery, billingStateQuery } from '@/features/billing/api/billing-queries'
import { calendarQuery } from '@/features/compliance/api/calendar-queries'
import { notificationsQuery } from '@/features/compliance/api/notifications-api'
import { filtersFromSearch as calendarFilters, requestFromFilters as calendarRequest } from '@/features/compliance/filter-params'
import { documentsPageQuery } from '@/features/documents/api/documents-queries'
import { renewalsQuery } from '@/features/documents/api/renewals-queries'
import { filtersFromSearch as documentFilters, requestFromFilters as documentsRequest } from '@/features/documents/filter-params'
import { driverQuery, driversPageQuery } from '@/features/drivers/api/drivers-queries'
import { fetchComplianceSummary, fetchFleetOverview } from '@/features/fleet-account/api/fleet-account-api'
import { fmcsaAlertsQuery } from '@/features/fleet-account/api/fmcsa-api'
import { inboxQuery, unreadCountQuery } from '@/features/inbox/api/inbox-queries'
import { loadQuery, loadsPageQuery } from '@/features/loads/api/loads-queries'
import { requestFromSearch as loadsRequest } from '@/features/loads/list-params'
import { boardQuery, customersQuery } from '@/features/loads/dispatch/api'
import { boardRequest, paramsFromSearch as dispatchParams } from '@/features/loads/dispatch/board-params'
import { postingsQuery } from '@/features/postings/api/postings-queries'
import { trailerQuery, trailersPageQuery, truckQuery, trucksPageQuery } from '@/features/vehicles/api/vehicles-queries'
import { eldQuery } from '@/lib/eld'
import { fleetAccountQuery } from '@/lib/fleet-account'
import type { ListParams } from '@/lib/paging'
import { prefetchMissing, unlessJustFetched, type AnyQueryOptions } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import { fleetPatterns as p, routes } from '@/lib/routes'
import {
  CompliancePage,
  DispatchPage,
  DocumentsPage,
  EditLoadPage,
  LoadPage,
  LoadsPage,
  MyPostingsPage,
  NewLoadPage,
} from './screen-chunks'

// What each fleet-dashboard screen reads first, so that its route starts all
// of it at once: the shell's data (the fleet account, the unread count, the
// bell, the billing state), the screen's own (its list's first page, its
// record), and the chunk of a screen that has one. Each query's options are
// the ones its hook uses (the features' api/*-queries.ts): the same key, so
// the screen finds its data in the cache instead of asking again.

/** The overview's counts (spec §2: a failure is only logged, never retried). */
export const overviewQuery = {
  queryKey: queryKeys.fleet.overview,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchFleetOverview(signal),
  retry: false,
  refetchOnMount: unlessJustFetched,
} as const

/** The overview's Fleet Status card. */
export const complianceSummaryQuery = {
  queryKey: queryKeys.fleet.complianceSummary,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchComplianceSummary(signal),
  refetchOnMount: unlessJustFetched,
} as const

/** A fleet list's first page as useFleetList asks for it (components/fleet/use-fleet-list.ts). */
const FIRST_PAGE: ListParams = { q: '', tab: 'active', page: 1, per_page: 50 }

type Loader = (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => AnyQueryOptions[]

const screens: [pattern: string, load: Loader][] = [
  [
    '',
    (queryClient, _, search) =>
      search.get('tab') === 'billing'
        ? [billingOverviewQuery(queryClient)]
        : search.get('tab') === 'settings'
          ? []
          : [overviewQuery, complianceSummaryQuery, fmcsaAlertsQuery],
  ],
  [
    p.loads,
    (_, __, search) => {
      void LoadsPage.preload()
      return [loadsPageQuery(loadsRequest(search))]
    },
  ],
  [
    p.loadNew,
    () => {
      void NewLoadPage.preload()
      return []
    },
  ],
  [
    p.loadEdit,
    (_, { loadId = '' }) => {
      void EditLoadPage.preload()
      return [loadQuery(loadId)]
    },
  ],
  [
    p.load,
    (_, { loadId = '' }) => {
      void LoadPage.preload()
      return [loadQuery(loadId)]
    },
  ],
  [p.trucks, () => [trucksPageQuery(FIRST_PAGE), eldQuery]],
  [p.truck, (_, { truckId = '' }) => [truckQuery(truckId)]],
  [p.trailers, () => [trailersPageQuery(FIRST_PAGE), eldQuery]],
  [p.trailer, (_, { trailerId = '' }) => [trailerQuery(trailerId)]],
  [p.drivers, () => [driversPageQuery(FIRST_PAGE), eldQuery]],
  [p.driver, (_, { driverId = '' }) => [driverQuery(driverId), eldQuery]],
  [
    p.documents,
    (_, __, search) => {
      void DocumentsPage.preload()
      return [documentsPageQuery(documentsRequest(documentFilters(search))), renewalsQuery]
    },
  ],
  [
    p.compliance,
    (_, __, search) => {
      void CompliancePage.preload()
      const filters = calendarFilters(search)
      return filters.view === 'list' ? [calendarQuery(calendarRequest(filters))] : []
    },
  ],
  [
    p.postings,
    (_, __, search) => {
      void MyPostingsPage.preload()
      return [postingsQuery(search.get('tab') === 'ended' ? 'ended' : 'active')]
    },
  ],
  [
    p.dispatch,
    (_, __, search) => {
      void DispatchPage.preload()
      return [boardQuery(boardRequest(dispatchParams(search))), customersQuery]
    },
  ],
  [p.billing, (queryClient) => [billingOverviewQuery(queryClient)]],
  [p.inbox, (queryClient) => [inboxQuery(queryClient)]],
]

/**
 * Starts the data (and the chunk) of the fleet-dashboard screen at
 * `pathname`, with the shell's, all at once and before anything renders: the
 * screen does not wait for the fleet account, nor its data for its chunk.
 * Whatever is in the cache already is left alone, so it may run on every render.
 */
export function prefetchFleetScreen(queryClient: QueryClient, pathname: string, search: string): Promise<void>[] {
  const shell: AnyQueryOptions[] = [fleetAccountQuery, unreadCountQuery, notificationsQuery, billingStateQuery]
  const params = new URLSearchParams(search)
  for (const [pattern, load] of screens) {
    const match = matchPath(`${routes.fleetDashboard}/${pattern}`.replace(/\/$/, ''), pathname)
    if (match) return prefetchMissing(queryClient, [...shell, ...load(queryClient, match.params, params)])
  }
  return prefetchMissing(queryClient, shell)
}
