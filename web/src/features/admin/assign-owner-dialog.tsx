import { toast } from 'sonner'
import { format, texts } from '@/lib/texts'
import { useAssignOwner, useUsersPage } from './api/admin-queries'
import type { AccountFleet, AdminUser } from './api/types'
import { personName } from './format'
import { PickerDialog, PickerForm } from './picker-dialog'
import { usePagedSearch } from './use-paged-search'

const t = texts.admin

export interface AssignOwnerDialogProps {
  /** The fleet account that gets an owner; null keeps the dialog closed. */
  fleet: AccountFleet | null
  onClose: () => void
}

/** 'Assign Owner' on the Accounts tab: the chosen user manages the fleet as its fleet admin. */
export function AssignOwnerDialog({ fleet, onClose }: AssignOwnerDialogProps) {
  const assignOwner = useAssignOwner()

  const assign = (target: AccountFleet, user: AdminUser) => {
    assignOwner.mutate(
      { fleetAccountId: target.id, userId: user.id },
      {
        onSuccess: () => {
          toast.success(t.fleetAssigned, {
            description: format(t.fleetAssignedDescription, { email: user.email, name: target.legal_name }),
          })
          onClose()
        },
        onError: (error) => {
          toast.error(format(t.assignFailed, { reason: error.message }))
        },
      },
    )
  }

  return (
    <PickerDialog
      open={fleet !== null}
      onOpenChange={(open) => {
        if (!open && !assignOwner.isPending) onClose()
      }}
      title={t.assignOwnerTitle}
      description={format(t.assignOwnerHelp, { name: fleet?.legal_name ?? '' })}
    >
      {fleet && (
        <AssignOwnerForm
          busy={assignOwner.isPending}
          onCancel={onClose}
          onSubmit={(user) => assign(fleet, user)}
        />
      )}
    </PickerDialog>
  )
}

function AssignOwnerForm({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean
  onCancel: () => void
  onSubmit: (user: AdminUser) => void
}) {
  const paged = usePagedSearch()
  const query = useUsersPage(paged.params)
  return (
    <PickerForm
      paged={paged}
      query={query}
      label={t.user}
      searchPlaceholder={t.usersPickerSearch}
      listLabel={t.chooseUser}
      requiredMessage={t.userRequired}
      loadFailed={t.loadUsersFailed}
      emptyText={t.noUsers}
      getId={(user) => user.id}
      renderOption={(user) => <UserOption user={user} />}
      busy={busy}
      onCancel={onCancel}
      onSubmit={onSubmit}
    />
  )
}

function UserOption({ user }: { user: AdminUser }) {
  const name = personName(user.first_name, user.last_name)
  const role = user.role ? t.roles[user.role] : t.noRole
  return (
    <>
      <span className="block font-medium break-all">{user.email}</span>
      <span className="block text-xs text-muted-foreground">
        {name ? `${name} · ${role}` : role}
        {user.account_name && <> · {user.account_name}</>}
      </span>
    </>
  )
}
