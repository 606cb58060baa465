import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { components } from '@/lib/api-types'
import type { ListParams } from '@/lib/paging'
import { queryKeys } from '@/lib/query-keys'
import {
  assignFleetOwner,
  createBrokerAccount,
  createFleetFromSignup,
  createUser,
  fetchAccounts,
  fetchAudit,
  fetchFleetAccounts,
  fetchSignups,
  fetchUsers,
  updateUserRole,
} from './admin-api'

type Schemas = components['schemas']
const adminKeys = queryKeys.admin

export function useSignupsPage(params: ListParams) {
  return useQuery({
    queryKey: [...adminKeys.signups, params],
    queryFn: ({ signal }) => fetchSignups(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useUsersPage(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: [...adminKeys.users, params],
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useFleetAccountsPage(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: [...adminKeys.fleetAccounts, params],
    queryFn: ({ signal }) => fetchFleetAccounts(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useAccountsPage(params: ListParams) {
  return useQuery({
    queryKey: [...adminKeys.accounts, params],
    queryFn: ({ signal }) => fetchAccounts(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useAuditPage(params: ListParams) {
  return useQuery({
    queryKey: [...adminKeys.audit, params],
    queryFn: ({ signal }) => fetchAudit(params, signal),
    placeholderData: keepPreviousData,
  })
}

type ListName = keyof typeof adminKeys

function invalidate(queryClient: QueryClient, lists: ListName[]): Promise<unknown> {
  return Promise.all(lists.map((list) => queryClient.invalidateQueries({ queryKey: adminKeys[list] })))
}

/** POST /api/admin/signups/{id}/fleet: completes the signup and adds a fleet account (and maybe a user). */
export function useCreateFleet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ signupId, withUser }: { signupId: string; withUser: boolean }) =>
      createFleetFromSignup(signupId, withUser),
    onSuccess: () => invalidate(queryClient, ['signups', 'accounts', 'fleetAccounts', 'users', 'audit']),
  })
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Schemas['CreateUserRequest']) => createUser(body),
    onSuccess: () => invalidate(queryClient, ['users', 'audit']),
  })
}

/** PUT /api/admin/users/{id}/role; also (un)links the user's fleet account, so accounts change too. */
export function useUpdateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: Schemas['RoleRequest'] }) => updateUserRole(userId, body),
    onSuccess: () => invalidate(queryClient, ['users', 'accounts', 'fleetAccounts', 'audit']),
  })
}

export function useAssignOwner() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ fleetAccountId, userId }: { fleetAccountId: string; userId: string }) =>
      assignFleetOwner(fleetAccountId, { user_id: userId }),
    onSuccess: () => invalidate(queryClient, ['accounts', 'fleetAccounts', 'users', 'audit']),
  })
}

/** POST /api/admin/broker-accounts: a broker account and its invited broker admin. */
export function useCreateBrokerAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Schemas['CreateBrokerAccount']) => createBrokerAccount(body),
    onSuccess: () => invalidate(queryClient, ['accounts', 'users', 'audit']),
  })
}
