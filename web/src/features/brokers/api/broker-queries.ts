import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  contactCarrier,
  createSavedSearch,
  deleteSavedSearch,
  fetchBrokerAccount,
  fetchBrokerUsers,
  fetchPosting,
  fetchSavedSearches,
  inviteBrokerUser,
  resendBrokerInvite,
  searchBoard,
  unsubscribeSavedSearch,
  updateBrokerUser,
  updateSavedSearch,
} from './broker-api'
import type { BrokerUserList, BrokerUserPatch, SavedSearchList, SavedSearchPatch, SearchCriteria } from './types'

/** The broker portal's query keys: everything under `broker`, so signing out or in can drop it all. */
export const brokerKeys = {
  all: ['broker'] as const,
  account: ['broker', 'account'] as const,
  search: (criteria: SearchCriteria, page: number) => ['broker', 'board', 'search', criteria, page] as const,
  posting: (id: string, origin: string | null) => ['broker', 'board', 'posting', id, origin] as const,
  savedSearches: ['broker', 'saved-searches'] as const,
  users: ['broker', 'users'] as const,
}

export function useBrokerAccount() {
  return useQuery({
    queryKey: brokerKeys.account,
    queryFn: ({ signal }) => fetchBrokerAccount(signal),
    staleTime: 5 * 60_000,
  })
}

/** A results page; the previous page stays on screen while the next one loads. No search without criteria. */
export function useBoardSearch(criteria: SearchCriteria | null, page: number) {
  return useQuery({
    queryKey: criteria ? brokerKeys.search(criteria, page) : ['broker', 'board', 'search', null],
    queryFn: criteria ? ({ signal }) => searchBoard(criteria, page, signal) : skipToken,
    placeholderData: keepPreviousData,
    // Back and forward within half a minute show the answer they had without asking again.
    staleTime: 30_000,
    // A 422 (an unknown origin) will not get better by asking again.
    retry: false,
  })
}

export function usePosting(id: string, origin: string | null) {
  return useQuery({
    queryKey: brokerKeys.posting(id, origin),
    queryFn: ({ signal }) => fetchPosting(id, origin, signal),
    retry: false,
  })
}

export function useContactCarrier() {
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) => contactCarrier(id, message),
  })
}

export function useSavedSearches() {
  return useQuery({
    queryKey: brokerKeys.savedSearches,
    queryFn: ({ signal }) => fetchSavedSearches(signal),
  })
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.savedSearches }),
  })
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SavedSearchPatch }) => updateSavedSearch(id, patch),
    // The answer is the saved search as stored: it replaces the cached one (no flicker back while the list reloads).
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearchList>(brokerKeys.savedSearches, (list) =>
        list ? { saved_searches: list.saved_searches.map((item) => (item.id === saved.id ? saved : item)) } : list,
      )
      return queryClient.invalidateQueries({ queryKey: brokerKeys.savedSearches })
    },
  })
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.savedSearches }),
  })
}

export function useBrokerUsers() {
  return useQuery({
    queryKey: brokerKeys.users,
    queryFn: ({ signal }) => fetchBrokerUsers(signal),
  })
}

export function useInviteBrokerUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteBrokerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brokerKeys.users }),
  })
}

/** A role change or (de)activation; the account's own role may change with it. */
export function useUpdateBrokerUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: BrokerUserPatch }) => updateBrokerUser(id, patch),
    onSuccess: (user) =>
      queryClient.setQueryData<BrokerUserList>(brokerKeys.users, (list) =>
        list ? { users: list.users.map((item) => (item.id === user.id ? user : item)) } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brokerKeys.users }),
  })
}

export function useResendInvite() {
  return useMutation({ mutationFn: resendBrokerInvite })
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribeSavedSearch })
}
