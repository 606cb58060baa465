import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import type { components } from '@/lib/api-types'
import type { FleetAccountView } from '@/lib/fleet-account'
import { isHexColor } from './branding'
import type { GeneralRequest } from './api/fleet-account-api'
import { zoneFormValue } from './time-zone'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const SESSION_TIMEOUT_MIN = 15
export const SESSION_TIMEOUT_MAX = 1440
export const SESSION_TIMEOUT_DEFAULT = 60

// ---- General ---------------------------------------------------------------

export const generalSchema = z.object({
  legal_name: z.string().check(z.trim(), z.minLength(1, texts.fleet.settingsForm.legalNameRequired)),
  dba_name: z.string(),
  mc_number: z.string(),
  physical_street: z.string(),
  physical_city: z.string(),
  physical_state: z.string(),
  physical_zip: z.string(),
  contact_first_name: z.string(),
  contact_last_name: z.string(),
  contact_email: z
    .string()
    .check(
      z.trim(),
      z.refine((value) => value === '' || EMAIL_PATTERN.test(value), texts.fleet.settingsForm.emailInvalid),
    ),
  contact_phone: z.string(),
  contact_street: z.string(),
  contact_city: z.string(),
  contact_state: z.string(),
  contact_zip: z.string(),
  /** An IANA zone, or '' for the default from the FMCSA address's state. */
  home_time_zone: z.string(),
})
export type GeneralValues = z.infer<typeof generalSchema>

export function generalDefaults(account: FleetAccountView): GeneralValues {
  const s = (value: string | null | undefined) => value ?? ''
  return {
    legal_name: s(account.legal_name),
    dba_name: s(account.dba_name),
    mc_number: s(account.mc_number),
    physical_street: s(account.physical_address.street),
    physical_city: s(account.physical_address.city),
    physical_state: s(account.physical_address.state),
    physical_zip: s(account.physical_address.zip),
    contact_first_name: s(account.contact.first_name),
    contact_last_name: s(account.contact.last_name),
    contact_email: s(account.contact.email),
    contact_phone: s(account.contact.phone),
    contact_street: s(account.contact.address.street),
    contact_city: s(account.contact.address.city),
    contact_state: s(account.contact.address.state),
    contact_zip: s(account.contact.address.zip),
    home_time_zone: zoneFormValue(account),
  }
}


/** Blank optional fields are sent as null; so is the default time zone. */
export function generalRequest(values: GeneralValues): GeneralRequest {
  const n = (value: string) => (value.trim() === '' ? null : value.trim())
  return {
    legal_name: values.legal_name.trim(),
    dba_name: n(values.dba_name),
    mc_number: n(values.mc_number),
    physical_address: {
      street: n(values.physical_street),
      city: n(values.physical_city),
      state: n(values.physical_state),
      zip: n(values.physical_zip),
    },
    contact: {
      first_name: n(values.contact_first_name),
      last_name: n(values.contact_last_name),
      email: n(values.contact_email),
      phone: n(values.contact_phone),
      address: {
        street: n(values.contact_street),
        city: n(values.contact_city),
        state: n(values.contact_state),
        zip: n(values.contact_zip),
      },
    },
    home_time_zone: n(values.home_time_zone),
  }
}

/** Maps a server field path (`contact.address.street`) to the form's flat field name. */
export function generalFieldName(serverField: string): keyof GeneralValues | null {
  const flat = serverField
    .replace(/^physical_address[._]/, 'physical_')
    .replace(/^contact[._]address[._]/, 'contact_')
    .replace(/^contact\./, 'contact_')
  const names = Object.keys(generalSchema.def.shape) as (keyof GeneralValues)[]
  return names.includes(flat as keyof GeneralValues) ? (flat as keyof GeneralValues) : null
}

// ---- Branding ----------------------------------------------------------------

const color = z.string().check(z.trim(), z.refine(isHexColor, texts.fleet.colorInvalid))

export const brandingSchema = z.object({ primary_color: color, secondary_color: color })
export type BrandingValues = z.infer<typeof brandingSchema>

// ---- Security ----------------------------------------------------------------

export const securitySchema = z.object({
  session_timeout_minutes: z
    .string()
    .check(
      z.trim(),
      z.regex(/^\d+$/, texts.fleet.settingsForm.sessionTimeoutInvalid),
      z.refine((value) => Number(value) >= SESSION_TIMEOUT_MIN, texts.fleet.sessionTimeoutMin),
      z.refine((value) => Number(value) <= SESSION_TIMEOUT_MAX, texts.fleet.sessionTimeoutMax),
    ),
})
export type SecurityValues = z.infer<typeof securitySchema>

/** The first failing message for a session timeout, or null when it is valid. */
export function sessionTimeoutError(value: string): string | null {
  const result = securitySchema.safeParse({ session_timeout_minutes: value })
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}

// ---- Portal -----------------------------------------------------------------

/** The portal form: the request's choices, with the two texts kept as strings while editing. */
export type PortalValues = Pick<
  components['schemas']['PortalInput'],
  'is_enabled' | 'login_method' | 'auth_type' | 'show_load_revenue'
> & {
  system_password: string
  welcome_message: string
}

/**
 * Spec §5: with company-wide authentication a system password is required,
 * unless one is already stored (the API never sends it back).
 */
export function missingSystemPassword(values: PortalValues, hasStoredPassword: boolean): boolean {
  return values.auth_type === 'system_password' && !hasStoredPassword && values.system_password.trim() === ''
}
