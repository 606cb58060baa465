import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { storeSession, type SessionResponse } from '@/lib/session'

type Schemas = components['schemas']
type MessageResponse = Schemas['MessageResponse']

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Schemas['SignInRequest']) =>
      api.post<SessionResponse>('/api/auth/sign-in', body),
    onSuccess: (session) => storeSession(queryClient, session),
  })
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: Schemas['SignUpRequest']) =>
      api.post<MessageResponse>('/api/auth/sign-up', body),
  })
}

export function confirmEmail(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/confirm-email', { token } satisfies Schemas['ConfirmEmailRequest'])
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: Schemas['PasswordResetRequest']) =>
      api.post<MessageResponse>('/api/auth/password-reset/request', body),
  })
}

/** An invitation's answer carries the new session (the user is signed in); a reset's does not. */
export function useCompletePasswordReset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Schemas['PasswordResetComplete']) =>
      api.post<Schemas['PasswordSetResponse']>('/api/auth/password-reset/complete', body),
    onSuccess: (done) => {
      if (done.user) storeSession(queryClient, { user: done.user, csrf_token: done.csrf_token })
    },
  })
}

export type PasswordLink = Schemas['PasswordLinkView']

/** What a set-password link is, read when its page opens (400 invalid_token when used or expired). */
export function usePasswordLink(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'password-link', token],
    queryFn: () => api.post<PasswordLink>('/api/auth/password-reset/check', { token: token ?? '' }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  })
}
