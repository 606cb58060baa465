import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unlessJustFetched } from '@/lib/prefetch'
import { useDetailRetry } from '@/lib/use-detail-retry'
import {
  cancelLoad,
  changeStatus,
  createCustomer,
  createFacility,
  createLoad,
  editLoad,
  fetchCustomers,
  fetchFacilities,
  fetchLoad,
  fetchLoads,
  recordStopEvent,
  type CustomerList,
  type FacilityList,
  type LoadEditInput,
  type LoadListParams,
  type LoadView,
  type StopEventKind,
} from './loads-api'

/**
 * The loads feature's query keys (the list's pages, each load, the fleet's
 * customers and facilities), shared by its screens and the dispatch board:
 * a change to a load refreshes both.
 */
export const loadsKeys = {
  all: ['fleet', 'loads'] as const,
  lists: ['fleet', 'loads', 'list'] as const,
  list: (params: LoadListParams) => ['fleet', 'loads', 'list', params] as const,
  details: ['fleet', 'loads', 'detail'] as const,
  detail: (id: string) => ['fleet', 'loads', 'detail', id] as const,
  customers: ['fleet', 'customers'] as const,
  facilities: ['fleet', 'facilities'] as const,
}

export const loadsPageQuery = (params: LoadListParams) => ({
  queryKey: loadsKeys.list(params),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchLoads(params, signal),
  refetchOnMount: unlessJustFetched,
})

export const loadQuery = (id: string) => ({
  queryKey: loadsKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchLoad(id, signal),
  refetchOnMount: unlessJustFetched,
})

export function useLoadsPage(params: LoadListParams) {
  return useQuery({ ...loadsPageQuery(params), placeholderData: keepPreviousData })
}

export function useLoad(id: string) {
  const retry = useDetailRetry()
  return useQuery({ ...loadQuery(id), retry })
}

export function useCustomers() {
  return useQuery({
    queryKey: loadsKeys.customers,
    queryFn: ({ signal }) => fetchCustomers(signal),
    select: (data) => data.customers,
  })
}

export function useFacilities() {
  return useQuery({
    queryKey: loadsKeys.facilities,
    queryFn: ({ signal }) => fetchFacilities(signal),
    select: (data) => data.facilities,
  })
}

export function useCreateCustomer() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      // Listed at once, so that the form can choose it; the refetch puts it in order.
      client.setQueryData<CustomerList>(loadsKeys.customers, (list) =>
        list ? { customers: [...list.customers, customer] } : list,
      )
      void client.invalidateQueries({ queryKey: loadsKeys.customers })
    },
  })
}

export function useCreateFacility() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createFacility,
    onSuccess: (facility) => {
      client.setQueryData<FacilityList>(loadsKeys.facilities, (list) =>
        list ? { facilities: [...list.facilities, facility] } : list,
      )
      void client.invalidateQueries({ queryKey: loadsKeys.facilities })
    },
  })
}

/** Puts the server's answer in the load's cache and refreshes every list of loads. */
function useLoadChanged() {
  const client = useQueryClient()
  return (load: LoadView) => {
    client.setQueryData(loadsKeys.detail(load.id), load)
    void client.invalidateQueries({ queryKey: loadsKeys.lists })
  }
}

export function useCreateLoad() {
  const changed = useLoadChanged()
  return useMutation({ mutationFn: createLoad, onSuccess: changed })
}

export function useEditLoad(id: string) {
  const changed = useLoadChanged()
  return useMutation({ mutationFn: (input: LoadEditInput) => editLoad(id, input), onSuccess: changed })
}

export function useChangeStatus(id: string) {
  const changed = useLoadChanged()
  return useMutation({ mutationFn: (status: string) => changeStatus(id, status), onSuccess: changed })
}

export function useCancelLoad(id: string) {
  const changed = useLoadChanged()
  return useMutation({ mutationFn: (reason: string) => cancelLoad(id, reason), onSuccess: changed })
}

export function useStopEvent(id: string) {
  const changed = useLoadChanged()
  return useMutation({
    mutationFn: ({ seq, event, at }: { seq: number; event: StopEventKind; at: string }) =>
      recordStopEvent(id, seq, event, at),
    onSuccess: changed,
  })
}
