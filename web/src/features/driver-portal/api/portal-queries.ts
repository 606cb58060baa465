import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { queryKeys } from '@/lib/query-keys'
import {
  acceptInvite,
  changePortalPassword,
  changePortalPhone,
  fetchInvite,
  fetchMyRenewals,
  fetchPortalConfig,
  fetchPortalDocuments,
  fetchPortalHome,
  sendPortalMessage,
  signInToPortal,
  signOutOfPortal,
  submitRenewal,
} from './portal-api'
import type { PortalHome } from './types'

/**
 * The portal's query keys. They stay in this feature: nothing else reads the
 * driver's data, and lib/query-keys.ts weighs on the signup pages' budget.
 */
export const portalKeys = {
  all: ['portal'],
  config: (fleetId: string) => ['portal', 'config', fleetId],
  me: ['portal', 'me'],
  documents: ['portal', 'documents'],
  renewals: ['portal', 'renewals'],
  invite: (fleetId: string, token: string) => ['portal', 'invite', fleetId, token],
} as const

export function usePortalConfig(fleetId: string) {
  return useQuery({
    queryKey: portalKeys.config(fleetId),
    queryFn: ({ signal }) => fetchPortalConfig(fleetId, signal),
    staleTime: 60_000,
  })
}

/** The signed-in driver's home: every signed-in screen waits for it (and its CSRF token). */
export const portalHomeQuery = queryOptions({
  queryKey: portalKeys.me,
  queryFn: ({ signal }) => fetchPortalHome(signal),
  retry: false,
  // The answer the entry fetched before the first render is not asked for again by the screen it was for.
  staleTime: 30_000,
})

export function usePortalHome() {
  return useQuery(portalHomeQuery)
}

export const portalDocumentsQuery = queryOptions({
  queryKey: portalKeys.documents,
  queryFn: ({ signal }) => fetchPortalDocuments(signal),
  // The answer the entry fetched before the first render is not asked for again by the screen it was for.
  staleTime: 30_000,
})

export function usePortalDocuments(enabled: boolean) {
  return useQuery({ ...portalDocumentsQuery, enabled })
}

export const portalRenewalsQuery = queryOptions({
  queryKey: portalKeys.renewals,
  queryFn: ({ signal }) => fetchMyRenewals(signal),
  staleTime: 30_000,
})

export function useMyRenewals(enabled: boolean) {
  return useQuery({ ...portalRenewalsQuery, enabled })
}

/** A driver session replaces the browser's other session: forget what the app knew of it. */
export function useForgetSessions() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    queryClient.removeQueries({ queryKey: portalKeys.me })
    queryClient.removeQueries({ queryKey: portalKeys.documents })
    queryClient.removeQueries({ queryKey: portalKeys.renewals })
    void queryClient.invalidateQueries({ queryKey: queryKeys.session })
  }, [queryClient])
}

export function usePortalSignIn(fleetId: string) {
  const forget = useForgetSessions()
  return useMutation({
    mutationFn: ({ login, password }: { login: string; password: string }) =>
      signInToPortal(fleetId, login, password),
    onSuccess: forget,
  })
}

/**
 * Signs the driver out. Nothing of theirs is asked for meanwhile (their
 * requests in flight are cancelled), and their data is forgotten only by the
 * sign-in page the caller goes to: dropped while the home page still shows,
 * its queries would ask again and meet the ended session (401s).
 */
export function usePortalSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await queryClient.cancelQueries({ queryKey: portalKeys.all })
      await signOutOfPortal()
    },
  })
}

export function useSubmitRenewal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitRenewal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.renewals }),
  })
}

export function useChangePortalPassword() {
  return useMutation({ mutationFn: changePortalPassword })
}

export function useChangePortalPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePortalPhone,
    onSuccess: (driver) =>
      queryClient.setQueryData<PortalHome>(portalKeys.me, (home) => (home ? { ...home, driver } : home)),
  })
}

export function useSendPortalMessage() {
  return useMutation({ mutationFn: sendPortalMessage })
}

export function useInvite(fleetId: string, token: string) {
  return useQuery({
    queryKey: portalKeys.invite(fleetId, token),
    queryFn: ({ signal }) => fetchInvite(fleetId, token, signal),
    retry: false,
  })
}

export function useAcceptInvite(fleetId: string, token: string) {
  return useMutation({ mutationFn: (password: string) => acceptInvite(fleetId, token, password) })
}
