import { useState } from 'react'
import { toast } from 'sonner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { useUpdateRole, useUsersPage } from './api/admin-queries'
import type { AdminUser, Role } from './api/types'
import { AdminList } from './admin-list'
import { AssignFleetDialog } from './assign-fleet-dialog'
import { CreateUserButton } from './create-user-dialog'
import { personName } from './format'
import { isRole, ROLES, roleLabel, selectClass } from './roles'
import { usePagedSearch } from './use-paged-search'

const t = texts.admin
const c = t.columns

/** Users tab: profiles ordered by e-mail, the create-user dialog and a role selector per user. */
export function UsersTab() {
  const paged = usePagedSearch()
  const query = useUsersPage(paged.params)
  const { user: me } = useSession()
  const updateRole = useUpdateRole()
  const [assignTo, setAssignTo] = useState<AdminUser | null>(null)
  const pendingUserId = updateRole.isPending ? updateRole.variables.userId : null

  const changeRole = (user: AdminUser, value: string) => {
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
        paged={paged}
        searchLabel={t.usersSearch}
        loadFailed={t.loadUsersFailed}
        emptyText={t.noUsers}
        actions={<CreateUserButton />}
      >
        {(users) => (
          <Table className="min-w-[720px]">
            <TableHeader>
              <TableRow>
                <TableHead>{c.email}</TableHead>
                <TableHead>{c.name}</TableHead>
                <TableHead>{c.role}</TableHead>
                <TableHead>{c.account}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell className="font-medium break-words">{user.email}</TableCell>
                  <TableCell>{personName(user.first_name, user.last_name) ?? '—'}</TableCell>
                  <TableCell>
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
                  </TableCell>
                  <TableCell>{user.account_name ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </AdminList>
      <AssignFleetDialog user={assignTo} onClose={() => setAssignTo(null)} />
    </>
  )
}
