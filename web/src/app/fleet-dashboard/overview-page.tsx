import { useQuery } from '@tanstack/react-query'
import { Container, Info, Truck, Users, type LucideIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { fetchFleetOverview } from '@/features/fleet-account/api/fleet-account-api'
import { useFleetAccount } from '@/lib/fleet-account'
import { queryKeys } from '@/lib/query-keys'
import { format, texts } from '@/lib/texts'

const DASH = '–'

function StatCard({ title, value, caption, icon: Icon }: { title: string; value: string; caption: string; icon: LucideIcon }) {
  return (
    <Card>
      <CardHeader className="flex-row! items-center justify-between pb-2">
        <CardTitle className="text-sm! font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="h-5 w-5 text-primary" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        <p className="mt-1 text-sm text-muted-foreground">{caption}</p>
      </CardContent>
    </Card>
  )
}

/** /fleet-dashboard: welcome, the three counts and the fleet status (spec §2 "Overview"). */
export default function OverviewPage() {
  const account = useFleetAccount()
  const overview = useQuery({
    queryKey: queryKeys.fleet.overview,
    queryFn: ({ signal }) => fetchFleetOverview(signal),
    retry: false,
  })

  // Spec §2: errors in the count loading are only logged.
  useEffect(() => {
    if (overview.error) console.error('Failed to load the fleet overview', overview.error)
  }, [overview.error])

  const data = overview.data
  const fallbackName = account.data ? account.data.dba_name?.trim() || account.data.legal_name : ''
  const name = data?.welcome_name ?? fallbackName

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{format(texts.fleet.welcome, { name })}</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={overview.isPending}>
        <StatCard
          title={texts.fleet.powerUnits}
          icon={Truck}
          value={data ? String(data.power_units.active) : DASH}
          caption={
            data
              ? format(texts.fleet.powerUnitsOf, {
                  active: data.power_units.active,
                  registered: data.power_units.registered,
                })
              : format(texts.fleet.powerUnitsOf, { active: DASH, registered: DASH })
          }
        />
        <StatCard
          title={texts.fleet.drivers}
          icon={Users}
          value={data ? String(data.drivers_active) : DASH}
          caption={texts.fleet.activeDrivers}
        />
        <StatCard
          title={texts.fleet.trailers}
          icon={Container}
          value={data ? String(data.trailers_active_assigned) : DASH}
          caption={texts.fleet.trailersWithDriver}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{texts.fleet.fleetStatus}</CardTitle>
        </CardHeader>
        <CardContent>
          <Alert variant="info" className="flex items-start gap-3">
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            <span>
              <span className="block font-semibold">{texts.fleet.setupInProgressTitle}</span>
              <span className="block">{texts.fleet.setupInProgressText}</span>
            </span>
          </Alert>
        </CardContent>
      </Card>
    </section>
  )
}
