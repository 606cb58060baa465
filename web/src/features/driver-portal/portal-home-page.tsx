import { useEffect } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { LogOut } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { format, texts } from '@/lib/texts'
import { usePortalHome, usePortalSignOut, useSendPortalMessage } from './api/portal-queries'
import type { PortalHome } from './api/types'
import { DriverContactForm } from './driver-contact-form'
import { FleetLogo, PortalFrame } from './portal-branding'
import { PortalDocumentsCard } from './portal-documents-card'
import { PortalLoadsCard } from './portal-loads-card'
import { errorMessage, isStatus } from './portal-errors'
import { PortalLoadError, PortalLoading } from './portal-load-error'
import { portalPaths } from './portal-paths'
import { PortalSettingsCard } from './portal-settings-card'
import { PortalTruckCard } from './portal-truck-card'
import { OfflineBanner } from './offline/offline-banner'
import { OutboxList } from './offline/outbox-list'
import type { QueryLike } from './offline/use-offline-copy'
import { useSessionEnded } from './use-session-ended'

const d = texts.driverPortal

/** /driver-portal/:fleetId/home — the signed-in driver's portal. */
export default function PortalHomePage() {
  const { fleetId = '' } = useParams()
  const home = usePortalHome()
  const sessionEnded = useSessionEnded(fleetId)
  const homeError = home.error

  useEffect(() => {
    if (homeError) sessionEnded(homeError)
  }, [homeError, sessionEnded])

  if (home.isPending) return <PortalFrame><PortalLoading /></PortalFrame>
  // No answer but a saved copy (decision 045): the copy, under the offline banner.
  if (home.isError && !(home.data && isStatus(home.error, 0))) {
    // A fleet admin's session in this browser: the driver signs in here, which replaces it.
    if (isStatus(home.error, 403)) return <Navigate to={portalPaths.signIn(fleetId)} replace />
    return (
      <PortalFrame>
        <main className="mx-auto max-w-md px-4 py-10">
          <PortalLoadError error={home.error} onRetry={() => void home.refetch()} />
        </main>
      </PortalFrame>
    )
  }
  // The session belongs to another fleet's portal: show that one's address.
  if (home.data.fleet.fleet_id !== fleetId) return <Navigate to={portalPaths.home(home.data.fleet.fleet_id)} replace />
  return <PortalHomeView home={home.data} query={home} />
}

function PortalHomeView({ home, query }: { home: PortalHome; query: QueryLike }) {
  const { fleet, driver } = home
  const sessionEnded = useSessionEnded(fleet.fleet_id)
  const navigate = useNavigate()
  const signOut = usePortalSignOut()
  const send = useSendPortalMessage()

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(portalPaths.signIn(fleet.fleet_id), { replace: true }),
      onError: (error) => {
        if (!sessionEnded(error)) toast.error(errorMessage(error))
      },
    })

  return (
    <PortalFrame fleet={fleet}>
      <header className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <FleetLogo fleet={fleet} inverted className={fleet.logo_url ? 'h-10 max-w-24 rounded bg-white p-0.5' : 'h-10! w-10!'} />
            <span className="truncate font-semibold">{fleet.fleet_name}</span>
          </div>
          <Button
            variant="outline"
            size="lg"
            className="shrink-0"
            onClick={onSignOut}
            disabled={signOut.isPending}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            {d.signOut}
          </Button>
        </div>
        <div className="h-1 bg-secondary" aria-hidden />
      </header>
      <OfflineBanner query={query} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <OutboxList portal={fleet.fleet_id} />
        <section aria-labelledby="portal-welcome" className="space-y-1">
          <h1 id="portal-welcome" className="text-2xl font-bold break-words">
            {home.welcome_message?.trim() || format(d.welcomeDefault, { name: driver.display_name })}
          </h1>
          <p className="text-sm text-muted-foreground">{d.title}</p>
        </section>
        <div className="grid gap-6 lg:grid-cols-2">
          {/* The spec's order: My Truck, Documents, Settings; the day's loads first. */}
          <PortalLoadsCard fleetId={fleet.fleet_id} />
          <PortalTruckCard truck={home.truck} trailers={home.trailers} />
          <PortalDocumentsCard home={home} onSessionEnded={sessionEnded} />
          <PortalSettingsCard home={home} onSessionEnded={sessionEnded} />
        </div>
        <DriverContactForm
          title={d.contactTitle}
          defaults={{ name: driver.display_name, email: driver.email ?? '' }}
          send={async (message) => {
            try {
              await send.mutateAsync(message)
            } catch (error) {
              sessionEnded(error)
              throw error
            }
          }}
        />
      </main>
    </PortalFrame>
  )
}
