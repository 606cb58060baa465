import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { listQuery, type ListParams } from '@/lib/paging'

type Schemas = components['schemas']

/** Rows per page on every admin list. */
export const PAGE_SIZE = 25

const listPath = (path: string, params: ListParams) => `${path}?${listQuery(params)}`

const id = (value: string) => encodeURIComponent(value)

export function fetchSignups(params: ListParams, signal?: AbortSignal): Promise<Schemas['Page_SignupItem']> {
  return api.get(listPath('/api/admin/signups', params), signal)
}

export function createFleetFromSignup(signupId: string, withUser: boolean): Promise<Schemas['CreatedFleet']> {
  return api.post(`/api/admin/signups/${id(signupId)}/fleet`, { with_user: withUser } satisfies Schemas['CreateFleetRequest'])
}

export function fetchUsers(params: ListParams, signal?: AbortSignal): Promise<Schemas['Page_UserItem']> {
  return api.get(listPath('/api/admin/users', params), signal)
}

export function createUser(body: Schemas['CreateUserRequest']): Promise<Schemas['CreatedUser']> {
  return api.post('/api/admin/users', body)
}

export function updateUserRole(userId: string, body: Schemas['RoleRequest']): Promise<Schemas['UserItem']> {
  return api.put(`/api/admin/users/${id(userId)}/role`, body)
}

export function fetchFleetAccounts(params: ListParams, signal?: AbortSignal): Promise<Schemas['Page_FleetAccountItem']> {
  return api.get(listPath('/api/admin/fleet-accounts', params), signal)
}

export function fetchAccounts(params: ListParams, signal?: AbortSignal): Promise<Schemas['Page_AccountItem']> {
  return api.get(listPath('/api/admin/accounts', params), signal)
}

/** 201; e-mails the broker admin an invitation. */
export function createBrokerAccount(body: Schemas['CreateBrokerAccount']): Promise<Schemas['CreatedBrokerAccount']> {
  return api.post('/api/admin/broker-accounts', body)
}

export function assignFleetOwner(fleetAccountId: string, body: Schemas['OwnerRequest']): Promise<Schemas['FleetAccountItem']> {
  return api.put(`/api/admin/fleet-accounts/${id(fleetAccountId)}/owner`, body)
}

export function fetchAudit(params: ListParams, signal?: AbortSignal): Promise<Schemas['Page_AuditEntry']> {
  return api.get(listPath('/api/admin/audit', params), signal)
}
