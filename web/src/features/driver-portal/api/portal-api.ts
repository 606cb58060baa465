import { api, setCsrfToken } from '@/lib/api-client'
import type {
  InviteView,
  MessageView,
  PasswordChange,
  PortalConfig,
  PortalDocument,
  PortalDriver,
  PortalHome,
  PortalMessage,
  PortalSignedIn,
  RenewalView,
} from './types'

const PORTAL = '/api/portal'
const fleetPath = (fleetId: string) => `${PORTAL}/${encodeURIComponent(fleetId)}`

export const fetchPortalConfig = (fleetId: string, signal?: AbortSignal) =>
  api.get<PortalConfig>(`${fleetPath(fleetId)}/config`, signal)

/** Signs in as a driver; the session cookie replaces any other in this browser. */
export async function signInToPortal(fleetId: string, login: string, password: string) {
  const signedIn = await api.post<PortalSignedIn>(`${fleetPath(fleetId)}/sign-in`, { login, password })
  setCsrfToken(signedIn.csrf_token)
  return signedIn
}

/** The portal's home; its CSRF token guards the driver's writes (lib/api-client). */
export async function fetchPortalHome(signal?: AbortSignal) {
  const home = await api.get<PortalHome>(`${PORTAL}/me`, signal)
  setCsrfToken(home.csrf_token)
  return home
}

export async function signOutOfPortal() {
  await api.post<void>(`${PORTAL}/sign-out`)
  setCsrfToken(null)
}

export const fetchPortalDocuments = (signal?: AbortSignal) =>
  api.get<PortalDocument[]>(`${PORTAL}/documents`, signal)

export const portalDownloadUrl = (documentId: string) =>
  `${PORTAL}/documents/${encodeURIComponent(documentId)}/download`

export const fetchMyRenewals = (signal?: AbortSignal) => api.get<RenewalView[]>(`${PORTAL}/renewals`, signal)

/** multipart/form-data built by renewalFormData (the file last). */
export const submitRenewal = (form: FormData) => api.post<RenewalView>(`${PORTAL}/renewals`, form)

export const changePortalPassword = (body: PasswordChange) => api.put<void>(`${PORTAL}/password`, body)

export const changePortalPhone = (phone: string) => api.put<PortalDriver>(`${PORTAL}/phone`, { phone })

export const sendPortalMessage = (body: PortalMessage) => api.post<MessageView>(`${PORTAL}/messages`, body)

const invitePath = (fleetId: string, token: string) => `${fleetPath(fleetId)}/invites/${encodeURIComponent(token)}`

export const fetchInvite = (fleetId: string, token: string, signal?: AbortSignal) =>
  api.get<InviteView>(invitePath(fleetId, token), signal)

export const acceptInvite = (fleetId: string, token: string, password: string) =>
  api.post<void>(invitePath(fleetId, token), { password })
