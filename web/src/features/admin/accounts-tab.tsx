import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { usePagedList } from '@/components/data-list/use-paged-list'
import type { components } from '@/lib/api-types'
import { format, texts } from '@/lib/texts'
import { PAGE_SIZE } from './api/admin-api'
import { useAccountsPage, useAssignOwner } from './api/admin-queries'
import { AdminList } from './admin-list'
import { AssignDialog } from './assign-dialog'
import { adminBillingState } from './billing-state'
import { UserPicker } from './assign-pickers'
import { CreateBrokerButton } from './create-broker-dialog'
import { formatDate } from './format'

type FleetAccountItem = components['schemas']['FleetAccountItem']
type AccountItem = components['schemas']['AccountItem']

const t = texts.admin
const c = t.columns

function typeLabel(type: string): string {
  return type in t.accountTypes ? t.accountTypes[type as keyof typeof t.accountTypes] : type
}

function BillingStateBadge({ state }: { state: AccountItem['billing'] }) {
  const { label, tone } = adminBillingState(state)
  return (
    <Badge variant={tone === 'none' ? 'outline' : tone} data-tone={tone} className="whitespace-nowrap">
      {label}
    </Badge>
  )
}

/** Accounts tab: accounts joined with their fleet account (system accounts are hidden by the server). */
export function AccountsTab() {
  const list = usePagedList({ pageSize: PAGE_SIZE })
  const query = useAccountsPage(list.params)
  const assignOwner = useAssignOwner()
  const [assignFor, setAssignFor] = useState<FleetAccountItem | null>(null)

  return (
    <>
      <AdminList
        query={query}
        list={list}
        searchLabel={t.accountsSearch}
        loadFailed={t.loadAccountsFailed}
        emptyText={t.noAccounts}
        toolbar={<CreateBrokerButton />}
        tableClassName="min-w-[960px]"
        columns={[
          // The type under the name, not a column of its own: the Actions column fits at 1280 px (issue 29 point 27).
          {
            id: 'name',
            header: c.name,
            card: 'title',
            cell: (account) => (
              <>
                <span className="block font-medium">{account.name}</span>
                <Badge variant="outline" className="mt-1">
                  {typeLabel(account.type)}
                </Badge>
              </>
            ),
          },
          {
            id: 'legal',
            header: c.legalName,
            // An account with no fleet says so; a broker's MC number goes with the other registration numbers.
            cell: (account) =>
              account.fleet_account?.legal_name ?? <span className="text-muted-foreground">{t.notAFleet}</span>,
          },
          {
            id: 'dot',
            header: c.dotNumber,
            className: 'whitespace-nowrap',
            cell: (account) =>
              account.fleet_account?.dot_number ??
              (account.type === 'broker' && account.mc_number
                ? format(t.mcShort, { number: account.mc_number })
                : null),
          },
          { id: 'units', header: c.powerUnits, card: 'hidden', cell: (account) => account.fleet_account?.power_units },
          {
            id: 'owner',
            header: c.owner,
            className: 'break-words',
            cell: (account) =>
              account.fleet_account &&
              (account.fleet_account.owner_email ?? <span className="text-muted-foreground">{t.noOwner}</span>),
          },
          {
            id: 'billing',
            header: c.billing,
            card: 'status',
            cell: (account) => account.fleet_account && <BillingStateBadge state={account.billing} />,
          },
          {
            id: 'created',
            header: c.created,
            className: 'whitespace-nowrap',
            cell: (account) => formatDate(account.created_at),
          },
          {
            id: 'actions',
            header: c.actions,
            card: 'action',
            className: 'whitespace-nowrap',
            cell: (account) =>
              account.fleet_account && (
                <Button size="sm" variant="outline" onClick={() => setAssignFor(account.fleet_account)}>
                  {t.assignOwner}
                </Button>
              ),
          },
        ]}
        rows={{ key: (account) => account.id }}
      />
      {/* 'Assign Owner': the chosen user manages the fleet as its fleet admin. */}
      <AssignDialog
        target={assignFor}
        onClose={() => setAssignFor(null)}
        title={t.assignOwnerTitle}
        description={format(t.assignOwnerHelp, { name: assignFor?.legal_name ?? '' })}
        mutation={assignOwner}
        variables={(fleet, user) => ({ fleetAccountId: fleet.id, userId: user.id })}
        assigned={(fleet, user) => ({ email: user.email, name: fleet.legal_name })}
        picker={UserPicker}
      />
    </>
  )
}
