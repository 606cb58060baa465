import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'

type Schemas = components['schemas']

/** A change of a watched field of the fleet's FMCSA record, seen by the daily re-read. */
export type FmcsaChange = Schemas['FmcsaChangeView']
export type FmcsaHistory = Schemas['FmcsaHistory']
export type FmcsaCheckResult = Schemas['FmcsaCheckResult']
export type FmcsaBaseline = Schemas['FmcsaBaselineView']

const FMCSA = '/api/fleet/fmcsa'
const keys = queryKeys.fleet

export const fetchFmcsaHistory = (signal?: AbortSignal) => api.get<FmcsaHistory>(`${FMCSA}/history`, signal)

/** The changes not dismissed yet. */
export const fetchFmcsaAlerts = (signal?: AbortSignal) => api.get<FmcsaChange[]>(`${FMCSA}/alerts`, signal)

/** 204: every change shown so far is dismissed (they stay in the history). */
export const dismissFmcsaAlerts = () => api.post<void>(`${FMCSA}/alerts/dismiss`)

/** "Check FMCSA now": 200 with what it found; 429 within 10 minutes of the last; 503 when FMCSA is down. */
export const checkFmcsaNow = () => api.post<FmcsaCheckResult>(`${FMCSA}/check`)

/** The company profile's History tab. */
export function useFmcsaHistory() {
  return useQuery({ queryKey: keys.fmcsaHistory, queryFn: ({ signal }) => fetchFmcsaHistory(signal) })
}

/** The overview's banner; shared with the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const fmcsaAlertsQuery = {
  queryKey: keys.fmcsaAlerts,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchFmcsaAlerts(signal),
  refetchOnMount: unlessJustFetched,
}

export function useFmcsaAlerts() {
  return useQuery(fmcsaAlertsQuery)
}

export function useDismissFmcsaAlerts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: dismissFmcsaAlerts,
    onSuccess: () => {
      // Hidden at once; the history marks them dismissed on its next read.
      queryClient.setQueryData<FmcsaChange[]>(keys.fmcsaAlerts, [])
      return queryClient.invalidateQueries({ queryKey: keys.fmcsaHistory })
    },
  })
}

/** "Check FMCSA now": whatever the answer, the history (and its next allowed check) is read again. */
export function useCheckFmcsaNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: checkFmcsaNow,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.fmcsaHistory }),
        queryClient.invalidateQueries({ queryKey: keys.fmcsaAlerts }),
        queryClient.invalidateQueries({ queryKey: keys.notifications }),
        // The Authority and FMCSA Data tabs show the record just read.
        queryClient.invalidateQueries({ queryKey: keys.account }),
      ]),
  })
}
