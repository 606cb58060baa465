import { useMutation, useQueryClient } from '@tanstack/react-query'
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

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (body: Schemas['PasswordResetComplete']) =>
      api.post<MessageResponse>('/api/auth/password-reset/complete', body),
  })
}
