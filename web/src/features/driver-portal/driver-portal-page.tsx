import { useParams } from 'react-router'
import { AppHeader } from '@/components/app-header'
import { routes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { useSignOut } from '@/lib/use-sign-out'
import { displayName } from '@/lib/user'
import { DriverContactForm } from './driver-contact-form'
import { DriverFeatureList } from './driver-feature-list'
import { DriverPortalCards } from './driver-portal-cards'
import FleetPortalRoute from './fleet-portal-route'

/**
 * /driver-portal is the fleet_driver role's page (behind the route guard);
 * /driver-portal/:fleetId/* is a fleet's own public portal. Both come through
 * one chunk, so that the app shell, which the signup pages load, grows by
 * one route only and the portal's sign-in page loads in one step.
 */
export default function DriverPortalEntry() {
  const { fleetId } = useParams()
  return fleetId ? <FleetPortalRoute /> : <DriverPortalPage />
}

function DriverPortalPage() {
  const { user } = useSession()
  const signOut = useSignOut(routes.auth)
  return (
    <div className="min-h-screen bg-muted">
      {user && (
        <AppHeader
          userLabel={displayName(user)}
          signOutLabel={texts.dashboard.signOut}
          onSignOut={() => signOut.mutate()}
          signingOut={signOut.isPending}
        />
      )}
      <main>
        <section className="bg-gradient-to-br from-primary to-secondary px-4 py-16 text-white sm:px-6">
          <div className="mx-auto max-w-6xl">
            <h1 className="text-4xl font-extrabold tracking-tight">{texts.driverPortal.title}</h1>
            <p className="mt-3 max-w-2xl text-white/85">
              Your truck, your paperwork and your settlements in one place, built for the cab.
            </p>
          </div>
        </section>
        <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
          <DriverPortalCards />
          <DriverFeatureList />
          <DriverContactForm />
        </div>
      </main>
    </div>
  )
}
