import { toast } from 'sonner'
import { format, texts } from '@/lib/texts'
import { useFleetAccountsPage, useUpdateRole } from './api/admin-queries'
import type { AdminFleetAccount, AdminUser } from './api/types'
import { PickerDialog, PickerForm } from './picker-dialog'
import { usePagedSearch } from './use-paged-search'

const t = texts.admin

export interface AssignFleetDialogProps {
  /** The user being made fleet_admin; null keeps the dialog closed. */
  user: AdminUser | null
  onClose: () => void
}

/**
 * 'Assign Fleet Account' (spec §2, §4): making a user fleet_admin needs the
 * fleet account they will manage. Cancelling leaves the role unchanged.
 */
export function AssignFleetDialog({ user, onClose }: AssignFleetDialogProps) {
  const updateRole = useUpdateRole()

  const assign = (target: AdminUser, fleet: AdminFleetAccount) => {
    updateRole.mutate(
      { userId: target.id, body: { role: 'fleet_admin', fleet_account_id: fleet.id } },
      {
        onSuccess: () => {
          toast.success(t.fleetAssigned, {
            description: format(t.fleetAssignedDescription, { email: target.email, name: fleet.legal_name }),
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
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !updateRole.isPending) onClose()
      }}
      title={t.assignFleetTitle}
      description={format(t.assignFleetHelp, { email: user?.email ?? '' })}
    >
      {user && (
        <AssignFleetForm
          busy={updateRole.isPending}
          onCancel={onClose}
          onSubmit={(fleet) => assign(user, fleet)}
        />
      )}
    </PickerDialog>
  )
}

function AssignFleetForm({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean
  onCancel: () => void
  onSubmit: (fleet: AdminFleetAccount) => void
}) {
  const paged = usePagedSearch()
  const query = useFleetAccountsPage(paged.params)
  return (
    <PickerForm
      paged={paged}
      query={query}
      label={t.fleetAccount}
      searchPlaceholder={t.accountsSearch}
      listLabel={t.chooseFleetAccount}
      requiredMessage={t.fleetAccountRequired}
      loadFailed={t.loadFleetAccountsFailed}
      emptyText={t.noFleetAccounts}
      getId={(fleet) => fleet.id}
      renderOption={(fleet) => <FleetOption fleet={fleet} />}
      busy={busy}
      onCancel={onCancel}
      onSubmit={onSubmit}
    />
  )
}

function FleetOption({ fleet }: { fleet: AdminFleetAccount }) {
  return (
    <>
      <span className="block font-medium">{fleet.legal_name}</span>
      <span className="block text-xs text-muted-foreground">
        {format(t.dotLabel, { dot: fleet.dot_number })} · {format(t.powerUnitsLabel, { count: fleet.power_units })} ·{' '}
        {fleet.status}
        {fleet.owner_email && <> · {fleet.owner_email}</>}
      </span>
    </>
  )
}
