import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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
} from './calendar-api'

/**
 * The calendar's keys. Each lies under `all`, so what changes the fleet's
 * dates (a document, a qualification) can refresh every view with one key.
 */
export const complianceKeys = {
  all: ['fleet', 'compliance'] as const,
  calendar: (request: CalendarRequest) => ['fleet', 'compliance', 'calendar', request] as const,
  groupMore: (request: CalendarRequest, group: GroupName, cursor: string | null) =>
    ['fleet', 'compliance', 'group', request, group, cursor] as const,
  month: (request: CalendarRequest, from: string, to: string) =>
    ['fleet', 'compliance', 'month', request, from, to] as const,
  settings: ['fleet', 'compliance', 'settings'] as const,
}

/** Every group's count and first 50 items. The previous answer stays on screen while a new filter loads. */
export function useCalendar(request: CalendarRequest) {
  return useQuery({
    queryKey: complianceKeys.calendar(request),
    queryFn: ({ signal }) => fetchCalendar(request, signal),
    placeholderData: keepPreviousData,
  })
}

/**
 * A group's items after its first page, 50 at a time from the page's
 * `next_cursor`. Asked for only once `enabled` ('Show more' was pressed).
 */
export function useGroupMore(request: CalendarRequest, group: GroupName, cursor: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: complianceKeys.groupMore(request, group, cursor),
    queryFn: ({ pageParam, signal }) =>
      fetchItems({ ...request, group, after: pageParam ?? undefined, limit: GROUP_PAGE }, signal),
    initialPageParam: cursor,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: enabled && cursor !== null,
  })
}

/** A month's items (500 a page; a busier month loads the rest on request). */
export function useMonthItems(request: CalendarRequest, from: string, to: string) {
  return useInfiniteQuery({
    queryKey: complianceKeys.month(request, from, to),
    queryFn: ({ pageParam, signal }) =>
      fetchItems({ ...request, from, to, after: pageParam ?? undefined, limit: MONTH_PAGE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  })
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
