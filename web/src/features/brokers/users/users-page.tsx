import { useState } from 'react'
import { LoadError } from '@/components/load-error'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { personName } from '@/lib/user'
import { useBrokerUsers, useResendInvite, useUpdateBrokerUser } from '../api/broker-queries'
import type { BrokerUser, BrokerUserPatch } from '../api/types'
import { labels } from '../labels'
import { useWideScreen } from '../use-wide-screen'
import { InviteUserButton } from './invite-user-dialog'
import { BROKER_ROLES, isBrokerRole } from '../roles'

const u = texts.brokers.users

type UserStatus = 'active' | 'pending' | 'deactivated'

function userStatus(user: Pick<BrokerUser, 'is_active' | 'invite_pending'>): UserStatus {
  if (!user.is_active) return 'deactivated'
  return user.invite_pending ? 'pending' : 'active'
}

function StatusBadge({ user }: { user: BrokerUser }) {
  const status = userStatus(user)
  if (status === 'deactivated') return <Badge variant="destructive">{u.deactivated}</Badge>
  if (status === 'pending') return <Badge variant="warning">{u.pending}</Badge>
  return <Badge variant="success">{labels.active}</Badge>
}

interface RowProps {
  user: BrokerUser
  busy: boolean
  onRole: (role: string) => void
  onResend: () => void
  onDeactivate: () => void
  onReactivate: () => void
}

function RoleSelect({ user, busy, onRole }: Pick<RowProps, 'user' | 'busy' | 'onRole'>) {
  return (
    <NativeSelect
      aria-label={format(labels.roleFor, { email: user.email })}
      className="h-9 w-auto min-w-36"
      value={user.role}
      disabled={busy}
      onChange={(event) => onRole(event.target.value)}
    >
      {BROKER_ROLES.map((role) => (
        <option key={role} value={role}>
          {texts.brokers.roles[role]}
        </option>
      ))}
    </NativeSelect>
  )
}

function Actions({ user, busy, onResend, onDeactivate, onReactivate }: Omit<RowProps, 'onRole'>) {
  return (
    <div className="flex flex-wrap gap-2">
      {user.is_active && user.invite_pending && (
        <Button variant="outline" size="sm" disabled={busy} onClick={onResend}>
          {u.resend}
        </Button>
      )}
      {user.is_active ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={onDeactivate}>
          {u.deactivate}
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled={busy} onClick={onReactivate}>
          {u.reactivate}
        </Button>
      )}
    </div>
  )
}

const nameOf = (user: BrokerUser) => personName(user.first_name, user.last_name) ?? '—'

function UsersTable({ users, row }: { users: BrokerUser[]; row: (user: BrokerUser) => Omit<RowProps, 'user'> }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{labels.name}</TableHead>
          <TableHead>{labels.email}</TableHead>
          <TableHead>{labels.role}</TableHead>
          <TableHead>{labels.status}</TableHead>
          <TableHead>{labels.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const props = row(user)
          return (
            <TableRow key={user.id}>
              <TableCell className="font-medium">{nameOf(user)}</TableCell>
              <TableCell className="break-all">{user.email}</TableCell>
              <TableCell>
                <RoleSelect user={user} {...props} />
              </TableCell>
              <TableCell>
                <StatusBadge user={user} />
              </TableCell>
              <TableCell>
                <Actions user={user} {...props} />
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

function UserCards({ users, row }: { users: BrokerUser[]; row: (user: BrokerUser) => Omit<RowProps, 'user'> }) {
  return (
    <ul className="space-y-3">
      {users.map((user) => {
        const props = row(user)
        return (
          <li key={user.id} className="space-y-3 rounded-xl border border-border bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{nameOf(user)}</p>
                <p className="text-sm break-all text-muted-foreground">{user.email}</p>
              </div>
              <StatusBadge user={user} />
            </div>
            <RoleSelect user={user} {...props} />
            <Actions user={user} {...props} />
          </li>
        )
      })}
    </ul>
  )
}

/** /broker/users (broker admins): the account's people, their roles, invitations and deactivation. */
export default function UsersPage() {
  const query = useBrokerUsers()
  const update = useUpdateBrokerUser()
  const resend = useResendInvite()
  const wide = useWideScreen()
  const [deactivating, setDeactivating] = useState<BrokerUser | null>(null)
  const busyId = update.isPending ? update.variables.id : resend.isPending ? resend.variables : null

  // A refusal (409: yourself, the last admin) is the server's own sentence.
  const failed = (error: Error) => specToast('error', error.message || texts.errors.generic)

  const patch = (user: BrokerUser, body: BrokerUserPatch, done?: string) =>
    update.mutate(
      { id: user.id, patch: body },
      {
        onSuccess: () => {
          if (done) specToast('success', done)
          setDeactivating(null)
        },
        onError: (error) => {
          setDeactivating(null)
          failed(error)
        },
      },
    )

  const row = (user: BrokerUser): Omit<RowProps, 'user'> => ({
    busy: busyId === user.id,
    onRole: (role) => {
      if (isBrokerRole(role) && role !== user.role) patch(user, { role }, u.roleChanged)
    },
    onResend: () =>
      resend.mutate(user.id, {
        onSuccess: () => specToast('success', format(u.invited, { email: user.email })),
        onError: failed,
      }),
    onDeactivate: () => setDeactivating(user),
    onReactivate: () => patch(user, { is_active: true }),
  })

  let body
  if (query.isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={labels.loading} />
      </div>
    )
  else if (query.isError)
    body = (
      <LoadError
        title={labels.loadFailed}
        message={query.error.message}
        retryLabel={labels.retry}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.data.users.length === 0) body = <p className="text-muted-foreground">{u.empty}</p>
  else if (wide) body = <UsersTable users={query.data.users} row={row} />
  else body = <UserCards users={query.data.users} row={row} />

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{u.title}</h1>
        <InviteUserButton />
      </div>
      <div className={wide ? 'rounded-xl border border-border bg-white p-2 shadow-sm' : undefined}>{body}</div>
      <AlertDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && !update.isPending && setDeactivating(null)}
      >
        <AlertDialogContent>
          <AlertDialogTitle className="break-words">
            {format(u.deactivateConfirm, { email: deactivating?.email ?? '' })}
          </AlertDialogTitle>
          <AlertDialogDescription className="sr-only">{u.deactivate}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={update.isPending}>{labels.cancel}</AlertDialogCancel>
            <AlertDialogConfirm
              disabled={update.isPending}
              onClick={() => deactivating && patch(deactivating, { is_active: false }, u.deactivated)}
            >
              {u.deactivate}
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
