import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import {
  createFeed,
  fetchCalendar,
  fetchItems,
  fetchSettings,
  GROUP_PAGE,
  MONTH_PAGE,
  revokeFeed,
  saveSettings,
  type CalendarRequest,
  type GroupName,
  type ItemsPage,
} from './calendar-api'

const all = queryKeys.fleet.compliance

/**
 * The calendar's keys, under the compliance key (lib/query-keys.ts): what
 * changes the fleet's dates (a document, a qualification) invalidates it and
 * so refreshes every view.
 */
export const complianceKeys = {
  calendar: (request: CalendarRequest) => [...all, 'calendar', request] as const,
  groupPage: (request: CalendarRequest, group: GroupName, cursor: string) =>
    [...all, 'group', request, group, cursor] as const,
  month: (request: CalendarRequest, from: string, to: string) => [...all, 'month', request, from, to] as const,
  settings: [...all, 'settings'] as const,
}

/** The calendar's first page: the hook's and the route's prefetch's (app/fleet-dashboard/screen-data.ts). */
export const calendarQuery = (request: CalendarRequest) => ({
  queryKey: complianceKeys.calendar(request),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCalendar(request, signal),
  refetchOnMount: unlessJustFetched,
})

/** Every group's count and first 50 items. The previous answer stays on screen while a new filter loads. */
export function useCalendar(request: CalendarRequest) {
  return useQuery({ ...calendarQuery(request), placeholderData: keepPreviousData })
}

/**
 * Pages after a first one, asked for one at a time ('Show more') from the
 * previous page's `next_cursor`, through the query cache. Not
 * useInfiniteQuery: it would add its page helpers to the query-core chunk
 * the signup pages share, which has no room left (scripts/check-bundle.mjs).
 * Give the component that uses it a `key` of its filters: other filters
 * start over.
 */
export function useMorePages(
  key: (cursor: string) => readonly unknown[],
  firstCursor: string | null | undefined,
  fetchPage: (cursor: string, signal: AbortSignal) => Promise<ItemsPage>,
) {
  const queryClient = useQueryClient()
  const [pages, setPages] = useState<ItemsPage[]>([])
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle')
  const cursor = pages.length > 0 ? pages[pages.length - 1].next_cursor : firstCursor

  const fetchMore = async () => {
    if (!cursor || status === 'loading') return
    setStatus('loading')
    try {
      const page = await queryClient.fetchQuery({
        queryKey: key(cursor),
        queryFn: ({ signal }) => fetchPage(cursor, signal),
      })
      setPages((current) => [...current, page])
      setStatus('idle')
    } catch {
      setStatus('error')
    }
  }

  // The same array until another page arrives: lists defer their rows by it (useRowsInViewFirst).
  const items = useMemo(() => pages.flatMap((page) => page.items), [pages])
  return {
    items,
    hasMore: Boolean(cursor),
    isLoading: status === 'loading',
    isError: status === 'error',
    fetchMore,
  }
}

/** A group's items after the calendar page's first 50, 50 at a time. */
export function useGroupMore(request: CalendarRequest, group: GroupName, firstCursor: string | null | undefined) {
  return useMorePages(
    (cursor) => complianceKeys.groupPage(request, group, cursor),
    firstCursor,
    (cursor, signal) => fetchItems({ ...request, group, after: cursor, limit: GROUP_PAGE }, signal),
  )
}

/** A month's items: the first 500, then the rest of a busier month on request. */
export function useMonthItems(request: CalendarRequest, from: string, to: string) {
  const first = useQuery({
    queryKey: complianceKeys.month(request, from, to),
    queryFn: ({ signal }) => fetchItems({ ...request, from, to, limit: MONTH_PAGE }, signal),
  })
  const more = useMorePages(
    (cursor) => [...complianceKeys.month(request, from, to), cursor],
    first.data?.next_cursor,
    (cursor, signal) => fetchItems({ ...request, from, to, after: cursor, limit: MONTH_PAGE }, signal),
  )
  return { first, more }
}

/** Reminder days, recipients and the feed's state. */
export function useComplianceSettings(enabled = true) {
  return useQuery({
    queryKey: complianceKeys.settings,
    queryFn: ({ signal }) => fetchSettings(signal),
    enabled,
  })
}

/** The answer is the saved settings: it replaces the cached ones. */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => queryClient.setQueryData(complianceKeys.settings, settings),
  })
}

/** Making or revoking the feed link changes the settings' feed state. */
export function useCalendarFeed() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: complianceKeys.settings })
  const create = useMutation({ mutationFn: createFeed, onSuccess: refresh })
  const revoke = useMutation({ mutationFn: revokeFeed, onSuccess: refresh })
  return { create, revoke }
}
