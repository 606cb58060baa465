import { useEffect, type ReactNode } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { usePortalHome } from '../api/portal-queries'
import { FleetLogo, PortalFrame } from '../portal-branding'
import { isStatus } from '../portal-errors'
import { PortalLoadError, PortalLoading } from '../portal-load-error'
import { portalPaths } from '../portal-paths'
import { OfflineBanner } from '../offline/offline-banner'
import { OutboxList } from '../offline/outbox-list'
import type { QueryLike } from '../offline/use-offline-copy'
import { useSessionEnded } from '../use-session-ended'

/**
 * A signed-in portal screen below the home page: the fleet's bar with a way
 * back, then the screen. The home query also brings the CSRF token the
 * driver's writes carry.
 */
export function PortalScreen({
  back,
  backLabel,
  query,
  children,
}: {
  back: string
  backLabel: string
  /** The screen's own query: its saved copy is what the offline banner dates. */
  query?: QueryLike
  children: ReactNode
}) {
  const { fleetId = '' } = useParams()
  const home = usePortalHome()
  const sessionEnded = useSessionEnded(fleetId)
  const homeError = home.error
  useEffect(() => {
    if (homeError) sessionEnded(homeError)
  }, [homeError, sessionEnded])

  if (home.isPending) return <PortalFrame><PortalLoading /></PortalFrame>
  if (home.isError) {
    if (isStatus(home.error, 403)) return <Navigate to={portalPaths.signIn(fleetId)} replace />
    return (
      <PortalFrame>
        <main className="mx-auto max-w-md px-4 py-10">
          <PortalLoadError error={home.error} onRetry={() => void home.refetch()} />
        </main>
      </PortalFrame>
    )
  }
  const fleet = home.data.fleet
  return (
    <PortalFrame fleet={fleet}>
      <header className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          <Link
            to={back}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {backLabel}
          </Link>
          <span className="ml-auto flex min-w-0 items-center gap-2">
            <FleetLogo fleet={fleet} inverted className={fleet.logo_url ? 'h-8 max-w-20 rounded bg-white p-0.5' : 'h-8! w-8! text-base!'} />
            <span className="truncate text-sm font-semibold">{fleet.fleet_name}</span>
          </span>
        </div>
        <div className="h-1 bg-secondary" aria-hidden />
      </header>
      <OfflineBanner query={query ?? home} />
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-5">
        <OutboxList portal={fleet.fleet_id} />
        {children}
      </main>
    </PortalFrame>
  )
}
