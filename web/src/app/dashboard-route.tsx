import { lazy, Suspense } from 'react'
import { Spinner } from '@/components/ui/spinner'
import type { AdminTabName } from '@/features/admin/admin-tab'
import DashboardPage, { type SuperAdminPanels } from '@/features/dashboard/dashboard-page'

// The administration screens are fetched only when a super admin opens a tab.
const AdminTab = lazy(() => import('@/features/admin/admin-tab'))

function panel(tab: AdminTabName) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      }
    >
      <AdminTab tab={tab} />
    </Suspense>
  )
}

const superAdminPanels: SuperAdminPanels = {
  fleetSignups: panel('fleetSignups'),
  users: panel('users'),
  accounts: panel('accounts'),
  audit: panel('audit'),
}

/** /dashboard with the super admin's administration tabs plugged in. */
export default function DashboardRoute() {
  return <DashboardPage superAdminPanels={superAdminPanels} />
}
