// Hand-written until src/lib/api-types.ts is regenerated from the OpenAPI contract.
import type { Role } from '@/lib/role-routing'

export type { Role }

/** A page of a list endpoint (`?q=&page=&per_page=`). */
export interface Page<T> {
  items: T[]
  total: number
  page: number
  per_page: number
}

export interface PageParams {
  q: string
  page: number
  per_page: number
}

export interface AdminSignup {
  id: string
  dot_number: string
  legal_name: string
  dba_name: string | null
  first_name: string | null
  last_name: string | null
  email: string | null
  contact_phone: string | null
  power_units: number | null
  fleet_size: string | null
  monthly_rate_cents: number | null
  current_step: number
  completed: boolean
  has_fleet_admin: boolean
  subscription_status: string | null
  /** The carrier no longer fits the band paid (or could not be re-checked): for the operator. */
  band_review: string | null
  /** RFC 3339. */
  created_at: string
}

export interface CreateFleetRequest {
  with_user: boolean
}

export interface CreateFleetResponse {
  fleet_account_id: string
  account_id: string
  user_id: string | null
}

export interface AdminUser {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  role: Role | null
  account_id: string | null
  account_name: string | null
  email_confirmed: boolean
  created_at: string
}

export interface CreateUserRequest {
  email: string
  password: string
  first_name: string | null
  last_name: string | null
  role: Role | null
}

export interface CreateUserResponse {
  id: string
}

export interface UpdateRoleRequest {
  role: Role | null
  /** Required when `role` is fleet_admin. */
  fleet_account_id?: string | null
}

export interface AdminFleetAccount {
  id: string
  legal_name: string
  dot_number: string
  power_units: number
  status: string
  owner_email: string | null
}

export interface AccountFleet {
  id: string
  legal_name: string
  dot_number: string
  power_units: number
  status: string
  owner_id: string | null
  owner_email: string | null
}

export interface AdminAccount {
  id: string
  name: string
  type: 'fleet' | 'broker' | 'system' | (string & {})
  is_active: boolean
  created_at: string
  fleet_account: AccountFleet | null
}

export interface AssignOwnerRequest {
  user_id: string
}

export type JsonObject = Record<string, unknown>

export interface AuditEntry {
  id: number
  actor_email: string
  action: string
  target_type: string
  target_id: string
  before: JsonObject | null
  after: JsonObject | null
  created_at: string
}
