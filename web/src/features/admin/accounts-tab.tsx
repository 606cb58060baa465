import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { usePagedList } from '@/components/data-list/use-paged-list'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
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
      >
        {(accounts) => (
          <Table className="min-w-[1080px]">
            <TableHeader>
              <TableRow>
                <TableHead>{c.name}</TableHead>
                <TableHead>{c.type}</TableHead>
                <TableHead>{c.legalName}</TableHead>
                <TableHead>{c.dotNumber}</TableHead>
                <TableHead>{c.powerUnits}</TableHead>
                <TableHead>{c.owner}</TableHead>
                <TableHead>{c.billing}</TableHead>
                <TableHead>{c.created}</TableHead>
                <TableHead>{c.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {accounts.map((account) => {
                const fleet = account.fleet_account
                const mcNumber = account.mc_number
                return (
                  <TableRow key={account.id}>
                    <TableCell className="font-medium">{account.name}</TableCell>
                    <TableCell>
                      <Badge variant="outline">{typeLabel(account.type)}</Badge>
                    </TableCell>
                    {fleet ? (
                      <>
                        <TableCell>{fleet.legal_name}</TableCell>
                        <TableCell className="whitespace-nowrap">{fleet.dot_number}</TableCell>
                        <TableCell>{fleet.power_units}</TableCell>
                        <TableCell className="break-words">
                          {fleet.owner_email ?? <span className="text-muted-foreground">{t.noOwner}</span>}
                        </TableCell>
                        <TableCell>
                          <BillingStateBadge state={account.billing} />
                        </TableCell>
                      </>
                    ) : (
                      <TableCell colSpan={5} className="text-muted-foreground">
                        {account.type === 'broker' && mcNumber
                          ? `${texts.brokers.admin.mcNumber}: ${mcNumber}`
                          : t.notAFleet}
                      </TableCell>
                    )}
                    <TableCell className="whitespace-nowrap">{formatDate(account.created_at)}</TableCell>
                    <TableCell>
                      {fleet && (
                        <Button size="sm" variant="outline" onClick={() => setAssignFor(fleet)}>
                          {t.assignOwner}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        )}
      </AdminList>
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
