import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { unlessJustFetched } from '@/lib/prefetch'
import { queryKeys } from '@/lib/query-keys'
import type { DocumentsRequest } from '../filter-params'
import {
  deleteDocument,
  fetchDocuments,
  fetchLoadDocuments,
  fetchVehiclePage,
  uploadDocument,
  vehicleOptions,
  type UploadFields,
  type UploadOptions,
  type VehicleKind,
  type VehicleOption,
} from './documents-api'

const keys = queryKeys.fleet

/** Shared by the hook and the route's prefetch (app/fleet-dashboard/screen-data.ts). */
export const documentsPageQuery = (request: DocumentsRequest) => ({
  queryKey: [...keys.documents, request],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDocuments(request, signal),
  refetchOnMount: unlessJustFetched,
})

export function useDocumentsPage(request: DocumentsRequest) {
  return useQuery({ ...documentsPageQuery(request), placeholderData: keepPreviousData })
}

/** A load's documents; under the documents key, so every upload or delete refreshes them. */
export function useLoadDocuments(loadId: string) {
  return useQuery({
    queryKey: [...keys.documents, 'load', loadId],
    queryFn: ({ signal }) => fetchLoadDocuments(loadId, signal),
  })
}

/** A document's expiry is a compliance date: the lists, the calendar and the bell's overdue count follow it. */
const afterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.documents }),
    queryClient.invalidateQueries({ queryKey: keys.compliance }),
    queryClient.invalidateQueries({ queryKey: keys.notifications }),
  ])

export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => afterChange(queryClient),
  })
}

export function useUploadDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ fields, options }: { fields: UploadFields; options?: UploadOptions }) =>
      uploadDocument(fields, options),
    onSuccess: () => afterChange(queryClient),
  })
}

export interface VehicleOptions {
  options: VehicleOption[]
  isPending: boolean
  isError: boolean
  refetch: () => void
}

/**
 * The fleet's trucks or trailers, both tabs of the list (a truck with no
 * driver is on the Inactive tab and still has papers), by name. Asked for only
 * while `enabled` (the dialog or the Filters menu is open). The key lies under
 * the trucks' (trailers') list key, so what refreshes those lists refreshes
 * these choices too.
 */
function useVehicleKind(kind: VehicleKind, enabled: boolean) {
  return useQuery({
    queryKey: [...(kind === 'truck' ? keys.trucks : keys.trailers), 'document-options'],
    queryFn: async ({ signal }) =>
      vehicleOptions(
        kind,
        await Promise.all([fetchVehiclePage(kind, 'active', signal), fetchVehiclePage(kind, 'inactive', signal)]),
      ),
    enabled,
    staleTime: 60_000,
  })
}

/** The choices of the kinds asked for: trucks, trailers or both. */
export function useVehicleOptions(kinds: readonly VehicleKind[], enabled = true): VehicleOptions {
  const trucks = useVehicleKind('truck', enabled && kinds.includes('truck'))
  const trailers = useVehicleKind('trailer', enabled && kinds.includes('trailer'))
  const used = [kinds.includes('truck') ? trucks : null, kinds.includes('trailer') ? trailers : null].filter(
    (query) => query !== null,
  )
  return {
    options: used.flatMap((query) => query.data ?? []),
    isPending: enabled && used.some((query) => query.isPending),
    isError: used.some((query) => query.isError),
    refetch: () => used.forEach((query) => query.isError && void query.refetch()),
  }
}
