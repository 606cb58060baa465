import { api } from '@/lib/api-client'
import type {
  AdminAccount,
  AdminFleetAccount,
  AdminSignup,
  AdminUser,
  AssignOwnerRequest,
  AuditEntry,
  CreateFleetResponse,
  CreateUserRequest,
  CreateUserResponse,
  Page,
  PageParams,
  UpdateRoleRequest,
} from './types'

/** Rows per page on every admin list. */
export const PAGE_SIZE = 25

/** TanStack Query keys; `adminKeys.x.all` invalidates every page of list x. */
export const adminKeys = {
  all: ['admin'] as const,
  signups: {
    all: ['admin', 'signups'] as const,
    page: (params: PageParams) => ['admin', 'signups', params] as const,
  },
  users: {
    all: ['admin', 'users'] as const,
    page: (params: PageParams) => ['admin', 'users', params] as const,
  },
  fleetAccounts: {
    all: ['admin', 'fleet-accounts'] as const,
    page: (params: PageParams) => ['admin', 'fleet-accounts', params] as const,
  },
  accounts: {
    all: ['admin', 'accounts'] as const,
    page: (params: PageParams) => ['admin', 'accounts', params] as const,
  },
  audit: {
    all: ['admin', 'audit'] as const,
    page: (params: PageParams) => ['admin', 'audit', params] as const,
  },
}

function listPath(path: string, { q, page, per_page }: PageParams): string {
  const query = new URLSearchParams({ q, page: String(page), per_page: String(per_page) })
  return `${path}?${query.toString()}`
}

const id = (value: string) => encodeURIComponent(value)

export function fetchSignups(params: PageParams, signal?: AbortSignal): Promise<Page<AdminSignup>> {
  return api.get(listPath('/api/admin/signups', params), signal)
}

export function createFleetFromSignup(signupId: string, withUser: boolean): Promise<CreateFleetResponse> {
  return api.post(`/api/admin/signups/${id(signupId)}/fleet`, { with_user: withUser })
}

export function fetchUsers(params: PageParams, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return api.get(listPath('/api/admin/users', params), signal)
}

export function createUser(body: CreateUserRequest): Promise<CreateUserResponse> {
  return api.post('/api/admin/users', body)
}

export function updateUserRole(userId: string, body: UpdateRoleRequest): Promise<AdminUser> {
  return api.put(`/api/admin/users/${id(userId)}/role`, body)
}

export function fetchFleetAccounts(
  params: PageParams,
  signal?: AbortSignal,
): Promise<Page<AdminFleetAccount>> {
  return api.get(listPath('/api/admin/fleet-accounts', params), signal)
}

export function fetchAccounts(params: PageParams, signal?: AbortSignal): Promise<Page<AdminAccount>> {
  return api.get(listPath('/api/admin/accounts', params), signal)
}

export function assignFleetOwner(fleetAccountId: string, body: AssignOwnerRequest): Promise<AdminFleetAccount> {
  return api.put(`/api/admin/fleet-accounts/${id(fleetAccountId)}/owner`, body)
}

export function fetchAudit(params: PageParams, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return api.get(listPath('/api/admin/audit', params), signal)
}
