import { useState } from 'react'
import { toast } from '@/lib/toast'
import { usePagedList } from '@/components/data-list/use-paged-list'
import { ApiError } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import type { Role } from '@/lib/role-routing'
import { useSession } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { personName } from '@/lib/user'
import { PAGE_SIZE } from './api/admin-api'
import { useUpdateRole, useUsersPage } from './api/admin-queries'
import { AdminList } from './admin-list'
import { AssignDialog } from './assign-dialog'
import { FleetAccountPicker } from './assign-pickers'
import { CreateUserButton } from './create-user-dialog'
import { isRole, ROLES, roleLabel, selectClass } from './roles'

type UserItem = components['schemas']['UserItem']

const t = texts.admin
const c = t.columns

/** Users tab: profiles ordered by e-mail, the create-user dialog and a role selector per user. */
export function UsersTab() {
  const list = usePagedList({ pageSize: PAGE_SIZE })
  const query = useUsersPage(list.params)
  const { user: me } = useSession()
  const updateRole = useUpdateRole()
  // Its own mutation, so that the user's role selector stays as it is while the dialog is open.
  const assignFleet = useUpdateRole()
  const [assignTo, setAssignTo] = useState<UserItem | null>(null)
  const pendingUserId = updateRole.isPending ? updateRole.variables.userId : null

  const changeRole = (user: UserItem, value: string) => {
    if (value === 'fleet_admin') {
      setAssignTo(user)
      return
    }
    const role: Role | null = isRole(value) ? value : null
    updateRole.mutate(
      { userId: user.id, body: { role } },
      {
        onSuccess: () => {
          toast.success(t.roleUpdated, {
            description: format(t.roleUpdatedDescription, { email: user.email, role: roleLabel(role) }),
          })
        },
        onError: (error) => {
          const ownRole = error instanceof ApiError && error.code === 'own_role'
          toast.error(t.updateRoleFailed, { description: ownRole ? t.cannotChangeOwnRole : error.message })
        },
      },
    )
  }

  return (
    <>
      <AdminList
        query={query}
        list={list}
        searchLabel={t.usersSearch}
        loadFailed={t.loadUsersFailed}
        emptyText={t.noUsers}
        toolbar={<CreateUserButton />}
        tableClassName="min-w-[720px]"
        columns={[
          { id: 'email', header: c.email, card: 'title', className: 'font-medium break-words', cell: (user) => user.email },
          { id: 'name', header: c.name, cell: (user) => personName(user.first_name, user.last_name) ?? '—' },
          {
            id: 'role',
            header: c.role,
            card: 'action',
            cell: (user) => (
              <select
                aria-label={format(t.roleFor, { email: user.email })}
                className={`${selectClass} h-9`}
                value={user.role ?? ''}
                disabled={user.id === me?.id || pendingUserId === user.id}
                onChange={(event) => changeRole(user, event.target.value)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
                <option value="">{t.noRole}</option>
              </select>
            ),
          },
          { id: 'account', header: c.account, cell: (user) => user.account_name ?? '—' },
        ]}
        rows={{ key: (user) => user.id }}
      />
      {/* 'Assign Fleet Account': a fleet_admin needs the fleet account they will manage. */}
      <AssignDialog
        target={assignTo}
        onClose={() => setAssignTo(null)}
        title={t.assignFleetTitle}
        description={format(t.assignFleetHelp, { email: assignTo?.email ?? '' })}
        mutation={assignFleet}
        variables={(user, fleet) => ({ userId: user.id, body: { role: 'fleet_admin', fleet_account_id: fleet.id } })}
        assigned={(user, fleet) => ({ email: user.email, name: fleet.legal_name })}
        picker={FleetAccountPicker}
      />
    </>
  )
}
