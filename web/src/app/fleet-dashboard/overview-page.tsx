import { useQuery } from '@tanstack/react-query'
import {
  AlertCircle,
  CalendarClock,
  ChevronRight,
  Container,
  ExternalLink,
  Info,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FmcsaAlertBanner } from '@/features/fleet-account/fmcsa-alert-banner'
import { cn } from '@/lib/cn'
import { useFleetAccount } from '@/lib/fleet-account'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { complianceSummaryQuery, overviewQuery } from './screen-data'

const DASH = '–'

interface StatCardProps {
  title: string
  value: string
  caption: string
  icon: LucideIcon
  /** A note under the caption. */
  hint?: ReactNode
}

function StatCard({ title, value, caption, icon: Icon, hint }: StatCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row! items-center justify-between pb-2">
        <CardTitle className="text-sm! font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="h-5 w-5 text-primary" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        <p className="mt-1 text-sm text-muted-foreground">{caption}</p>
        {hint}
      </CardContent>
    </Card>
  )
}

/** FMCSA's page on updating a registration (the MCS-150 among it). */
const FMCSA_UPDATE_URL = 'https://www.fmcsa.dot.gov/registration/updating-your-registration'

/**
 * Why '48 of 45 active' (issue 29): the active trucks are the fleet's own,
 * the registered power units what FMCSA knows from the carrier's MCS-150.
 */
function PowerUnitsHint({ registered }: { registered: number }) {
  return (
    <p className="mt-3 flex items-start gap-2 text-sm text-amber-900" data-testid="power-units-hint">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        {format(texts.fleet.powerUnitsOver, { registered })}{' '}
        <a
          href={FMCSA_UPDATE_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        >
          {texts.fleet.powerUnitsUpdateLink}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      </span>
    </p>
  )
}

const s = texts.compliance.summary

function SetupNotice() {
  return (
    <Alert variant="info" className="flex items-start gap-3">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
      <span>
        <span className="block font-semibold">{texts.fleet.setupInProgressTitle}</span>
        <span className="block">{texts.fleet.setupInProgressText}</span>
      </span>
    </Alert>
  )
}

const tones = {
  destructive: 'border-red-300 bg-red-50 text-red-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  none: 'border-border bg-white text-ink',
} as const

/** One count of the compliance summary, a link to the calendar. */
function SummaryLink({ text, icon: Icon, tone }: { text: string; icon: LucideIcon; tone: keyof typeof tones }) {
  return (
    <Link
      to={fleetRoutes.compliance}
      data-tone={tone}
      className={cn(
        'flex min-h-11 items-center gap-3 rounded-lg border px-4 py-3 font-medium transition-colors hover:bg-muted',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        tones[tone],
      )}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{text}</span>
      <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
    </Link>
  )
}

/**
 * The Fleet Status card's content: the spec's setup notice until the fleet
 * has a truck, trailer or driver, then what is overdue or due within 30 days.
 */
function FleetStatus() {
  const summary = useQuery(complianceSummaryQuery)
  if (summary.isPending) {
    return (
      <p aria-busy className="text-sm text-muted-foreground">
        {s.loading}
      </p>
    )
  }
  if (summary.isError) {
    return (
      <LoadError
        title={s.loadFailed}
        message={summary.error.message}
        retryLabel={s.retry}
        onRetry={() => void summary.refetch()}
      />
    )
  }
  const { overdue, due_in30: dueSoon, has_assets: hasAssets } = summary.data
  if (!hasAssets) return <SetupNotice />
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="compliance-summary">
      <SummaryLink
        text={format(s.overdue, { count: overdue })}
        icon={AlertCircle}
        tone={overdue > 0 ? 'destructive' : 'none'}
      />
      <SummaryLink
        text={format(s.dueIn30, { count: dueSoon })}
        icon={CalendarClock}
        tone={dueSoon > 0 ? 'warning' : 'none'}
      />
    </div>
  )
}

/** /fleet-dashboard: welcome, the three counts and the fleet status (spec §2 "Overview"), with the FMCSA banner. */
export default function OverviewPage() {
  const account = useFleetAccount()
  const overview = useQuery(overviewQuery)

  // Spec §2: errors in the count loading are only logged.
  useEffect(() => {
    if (overview.error) console.error('Failed to load the fleet overview', overview.error)
  }, [overview.error])

  const data = overview.data
  const fallbackName = account.data ? account.data.dba_name?.trim() || account.data.legal_name : ''
  const name = data?.welcome_name ?? fallbackName

  return (
    <section className="space-y-6">
      <FmcsaAlertBanner />
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
          hint={
            data && data.power_units.active > data.power_units.registered ? (
              <PowerUnitsHint registered={data.power_units.registered} />
            ) : undefined
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
          <FleetStatus />
        </CardContent>
      </Card>
    </section>
  )
}
