import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { isRunActive, type EldView } from '@/lib/eld'
import { queryKeys } from '@/lib/query-keys'
import { fetchSyncHistory, importCsv, saveConnection, saveSyncSettings } from './eld-api'

const keys = queryKeys.fleet

/** Rows per page of Sync History. */
export const HISTORY_PAGE_SIZE = 20
/** How often Sync History refreshes while a run on it is queued or running. */
export const HISTORY_POLL_MS = 2000

/** PUT /api/fleet/eld/connection; the fleet account's `eld.connected` (the lists' notice) follows. */
export function useSaveConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveConnection,
    onSuccess: (view) => {
      queryClient.setQueryData(keys.eld, view)
      void queryClient.invalidateQueries({ queryKey: keys.account })
    },
  })
}

export function useSaveSyncSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSyncSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData<EldView>(keys.eld, (old) => old && { ...old, settings })
    },
  })
}

export function useSyncHistory(page: number) {
  return useQuery({
    queryKey: [...keys.eldSyncs, page],
    queryFn: ({ signal }) => fetchSyncHistory(page, HISTORY_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isRunActive) ? HISTORY_POLL_MS : false),
  })
}

/** An import writes drivers, trucks and trailers at once. */
export function useImportCsv() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importCsv,
    onSuccess: () => {
      void Promise.all(
        [
          keys.drivers,
          keys.driver,
          keys.trucks,
          keys.truck,
          keys.trailers,
          keys.trailer,
          keys.overview,
          keys.eld,
          keys.eldSyncs,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      )
    },
  })
}
