import { Link, useParams } from 'react-router'
import { ChevronRight } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { format, texts } from '@/lib/texts'
import { usePortalLoads } from '../api/portal-loads-queries'
import { PortalLoadError, PortalLoading } from '../portal-load-error'
import { portalPaths } from '../portal-paths'
import { portalStatusLabel, statusVariant } from './load-status'
import type { PortalLoad } from './portal-load-types'
import { PortalScreen } from './portal-screen'

const t = texts.portalLoads

/** /driver-portal/:fleetId/loads — the driver's loads: now, next, the past 90 days. */
export default function PortalLoadsPage() {
  const { fleetId = '' } = useParams()
  const loads = usePortalLoads()
  return (
    <PortalScreen back={portalPaths.home(fleetId)} backLabel={t.backToPortal} query={loads}>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <LoadsSections fleetId={fleetId} loads={loads} />
    </PortalScreen>
  )
}

function LoadsSections({ fleetId, loads }: { fleetId: string; loads: ReturnType<typeof usePortalLoads> }) {
  if (loads.isPending) return <PortalLoading />
  if (loads.isError && !loads.data) return <PortalLoadError error={loads.error} onRetry={() => void loads.refetch()} />
  const { current, upcoming, past } = loads.data
  if (current.length + upcoming.length + past.length === 0) {
    return <p className="rounded-lg bg-white p-4 text-sm text-muted-foreground" data-testid="portal-loads-empty">{t.noLoads}</p>
  }
  return (
    <div className="space-y-6" data-testid="portal-loads">
      <Section title={t.current} loads={current} fleetId={fleetId} />
      <Section title={t.upcoming} loads={upcoming} fleetId={fleetId} />
      <Section title={t.past} loads={past} fleetId={fleetId} />
    </div>
  )
}

function Section({ title, loads, fleetId }: { title: string; loads: PortalLoad[]; fleetId: string }) {
  const id = `loads-${title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h2>
      {loads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noneInSection}</p>
      ) : (
        <ul className="space-y-2">
          {loads.map((load) => (
            <li key={load.id}>
              <LoadRow load={load} fleetId={fleetId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** "Nashville, TN → Atlanta, GA" with the first pickup's time on its clock. */
export function LoadRow({ load, fleetId }: { load: PortalLoad; fleetId: string }) {
  const first = load.stops[0]
  const last = load.stops[load.stops.length - 1]
  return (
    <Link
      to={portalPaths.load(fleetId, load.id)}
      className="flex min-h-16 items-center gap-3 rounded-lg border border-border bg-white p-3 shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{format(t.loadTitle, { load: load.load_number })}</span>
          <Badge variant={statusVariant(load.status)}>{portalStatusLabel(load.status)}</Badge>
          {load.status === 'dispatched' && load.driver_response === null && (
            <Badge variant="warning">{t.accept}</Badge>
          )}
        </div>
        {first && last && (
          <p className="text-sm break-words">
            {first.facility.city}, {first.facility.state} → {last.facility.city}, {last.facility.state}
          </p>
        )}
        {/* The server's words for the stop's clock: no date formatting (nor its 100–200 ms of ICU data on a slow phone) before the list shows. */}
        {first && <p className="text-xs text-muted-foreground">{first.starts_on_clock}</p>}
      </div>
      <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
    </Link>
  )
}
