import { api, ApiError, getCsrfToken } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import type { FleetAccountView } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'

// GET /api/fleet/account is read through lib/fleet-account.ts: the dashboard
// shell and the vehicle and driver screens read it too.

type Schemas = components['schemas']

// General also takes the home time zone (an IANA name; null goes back to the
// default from the FMCSA state).
export type GeneralRequest = Schemas['GeneralInput']

export function fetchFleetOverview(signal?: AbortSignal): Promise<Schemas['Overview']> {
  return api.get('/api/fleet/overview', signal)
}

/** The overview's Fleet Status card: dated items overdue and due within 30 days (the compliance calendar's counts). */
export function fetchComplianceSummary(signal?: AbortSignal): Promise<Schemas['ComplianceSummary']> {
  return api.get('/api/fleet/compliance/summary', signal)
}

export function saveGeneralSettings(body: GeneralRequest): Promise<FleetAccountView> {
  return api.put('/api/fleet/settings/general', body)
}

export function saveBrandingSettings(body: Schemas['BrandingInput']): Promise<FleetAccountView> {
  return api.put('/api/fleet/settings/branding', body)
}

export function saveSecuritySettings(body: Schemas['SecurityInput']): Promise<FleetAccountView> {
  return api.put('/api/fleet/settings/security', body)
}

export function savePortalSettings(body: Schemas['PortalInput']): Promise<FleetAccountView> {
  return api.put('/api/fleet/settings/portal', body)
}

export function removeLogo(): Promise<FleetAccountView> {
  return api.delete('/api/fleet/settings/logo')
}

/** The server's error message, else a fallback for the status (413/415 may come without a body). */
async function uploadError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: { code?: unknown; message?: unknown; fields?: unknown } }).error
      : null
  if (error && typeof error.message === 'string') {
    return new ApiError(
      response.status,
      typeof error.code === 'string' ? error.code : 'http_error',
      error.message,
      (error.fields as Record<string, string> | undefined) ?? {},
    )
  }
  const fallback =
    response.status === 413
      ? texts.fleet.settingsForm.logoTooLarge
      : response.status === 415
        ? texts.fleet.settingsForm.logoNotImage
        : texts.errors.generic
  return new ApiError(response.status, 'http_error', fallback)
}

/** POST /api/fleet/settings/logo as multipart with the field `logo`. */
export async function uploadLogo(file: File): Promise<FleetAccountView> {
  const body = new FormData()
  body.append('logo', file)
  const headers: Record<string, string> = { Accept: 'application/json' }
  const csrf = getCsrfToken()
  if (csrf) headers['X-CSRF-Token'] = csrf
  let response: Response
  try {
    response = await fetch('/api/fleet/settings/logo', {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body,
    })
  } catch {
    throw new ApiError(0, 'network_error', texts.errors.generic)
  }
  if (!response.ok) throw await uploadError(response)
  return (await response.json()) as FleetAccountView
}

/** GET /api/fleet/portal/link: the driver portal's address to share with the drivers. */
export function fetchPortalLink(signal?: AbortSignal): Promise<Schemas['PortalLink']> {
  return api.get('/api/fleet/portal/link', signal)
}
