import { Navigate } from 'react-router'
import { AppHeader } from '@/components/app-header'
import { Spinner } from '@/components/ui/spinner'
import { dashboardRedirect } from '@/lib/role-routing'
import { routes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { useSignOut } from '@/lib/use-sign-out'
import { displayName } from '@/lib/user'
import { BrokerAdminDashboard } from './broker-admin-dashboard'
import { BrokerUserDashboard } from './broker-user-dashboard'
import { NoRoleDashboard } from './no-role-dashboard'
import { SuperAdminDashboard, type SuperAdminPanels } from './super-admin-dashboard'

export type { SuperAdminPanels }

/** /dashboard: one screen per role (spec §2 "Dashboard"). */
export default function DashboardPage({ superAdminPanels }: { superAdminPanels?: SuperAdminPanels }) {
  const { user, isLoading } = useSession()
  const signOut = useSignOut(routes.auth)

  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner />
      </div>
    )
  }
  if (!user) return <Navigate to={routes.auth} replace />
  const redirect = dashboardRedirect(user)
  if (redirect) return <Navigate to={redirect} replace />

  return (
    <div className="min-h-screen bg-muted">
      <AppHeader
        userLabel={displayName(user)}
        signOutLabel={texts.dashboard.signOut}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
      />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {user.role === 'super_admin' ? (
          <SuperAdminDashboard panels={superAdminPanels} />
        ) : user.role === 'broker_admin' ? (
          <BrokerAdminDashboard />
        ) : user.role === 'broker_user' ? (
          <BrokerUserDashboard />
        ) : (
          <NoRoleDashboard />
        )}
      </main>
    </div>
  )
}
