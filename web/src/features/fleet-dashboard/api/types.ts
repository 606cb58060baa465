/** Shapes of docs/api/fleet-dashboard.md (issue 5). */

export interface Address {
  street: string | null
  city: string | null
  state: string | null
  zip: string | null
}

export interface FleetContact {
  first_name: string | null
  last_name: string | null
  email: string | null
  phone: string | null
  address: Address
}

export interface FleetAuthority {
  authority_status: string | null
  authority_date: string | null
  registration_status: string | null
  registration_date: string | null
  insurance_required: string | null
  insurance_on_file: string | null
}

export interface FleetFmcsa {
  legal_name: string | null
  dba_name: string | null
  dot_number: string | null
  operating_classification: string | null
  total_power_units: string | number | null
  total_drivers: string | number | null
  mcs150_form_date: string | null
  cargo_tank: string | null
  passenger_carrier: string | null
  hazmat: string | null
  physical_address: Address
}

export type PortalLoginMethod = 'username' | 'email'
export type PortalAuthType = 'system_password' | 'individual_password'

export interface FleetPortal {
  is_enabled: boolean
  login_method: PortalLoginMethod
  auth_type: PortalAuthType
  welcome_message: string | null
  has_system_password: boolean
}

export interface FleetAccountView {
  id: string
  legal_name: string
  dba_name: string | null
  dot_number: string
  mc_number: string | null
  power_units: number
  physical_address: Address
  contact: FleetContact
  monthly_rate_cents: number | null
  subscription_id_short: string | null
  subscription_status: string | null
  authority: FleetAuthority
  fmcsa: FleetFmcsa | null
  branding: { logo_url: string | null; primary_color: string; secondary_color: string }
  security: { session_timeout_minutes: number }
  portal: FleetPortal
  eld: { connected: boolean; provider: string | null }
}

export interface FleetOverview {
  welcome_name: string
  power_units: { active: number; registered: number }
  drivers_active: number
  trailers_active_assigned: number
}

export interface GeneralSettingsRequest {
  legal_name: string
  dba_name: string | null
  mc_number: string | null
  physical_address: Address
  contact: FleetContact
}

export interface BrandingSettingsRequest {
  primary_color: string
  secondary_color: string
}

export interface SecuritySettingsRequest {
  session_timeout_minutes: number
}

export interface PortalSettingsRequest {
  is_enabled: boolean
  login_method: PortalLoginMethod
  auth_type: PortalAuthType
  welcome_message: string | null
  system_password: string | null
}
