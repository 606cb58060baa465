import { AccountsTab } from './accounts-tab'
import { AuditTab } from './audit-tab'
import { FleetSignupsTab } from './fleet-signups-tab'
import { UsersTab } from './users-tab'

export type AdminTabName = 'fleetSignups' | 'users' | 'accounts' | 'audit'

/**
 * One tab of the super admin dashboard. The app layer loads this module lazily
 * and hands the tabs to the dashboard, which must not import this feature.
 */
export default function AdminTab({ tab }: { tab: AdminTabName }) {
  switch (tab) {
    case 'fleetSignups':
      return <FleetSignupsTab />
    case 'users':
      return <UsersTab />
    case 'accounts':
      return <AccountsTab />
    case 'audit':
      return <AuditTab />
  }
}
