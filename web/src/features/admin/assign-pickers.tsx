import { usePagedList } from '@/components/data-list/use-paged-list'
import type { components } from '@/lib/api-types'
import { format, texts } from '@/lib/texts'
import { personName } from '@/lib/user'
import { PAGE_SIZE } from './api/admin-api'
import { useFleetAccountsPage, useUsersPage } from './api/admin-queries'
import type { AssignFormProps } from './assign-dialog'
import { PickerForm } from './picker-form'
import { roleLabel } from './roles'

type Schemas = components['schemas']
type FleetAccountItem = Schemas['FleetAccountItem']
type UserItem = Schemas['UserItem']

const t = texts.admin

/** Picks the fleet account a new fleet_admin will manage. */
export function FleetAccountPicker(props: AssignFormProps<FleetAccountItem>) {
  const paged = usePagedList({ pageSize: PAGE_SIZE })
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
      {...props}
    />
  )
}

function FleetOption({ fleet }: { fleet: FleetAccountItem }) {
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

/** Picks the user who will own a fleet account. */
export function UserPicker(props: AssignFormProps<UserItem>) {
  const paged = usePagedList({ pageSize: PAGE_SIZE })
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
      {...props}
    />
  )
}

function UserOption({ user }: { user: UserItem }) {
  const name = personName(user.first_name, user.last_name)
  const role = roleLabel(user.role)
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
