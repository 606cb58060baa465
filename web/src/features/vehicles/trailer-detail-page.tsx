import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import {
  BackLink,
  DetailLoading,
  Field,
  Fields,
  InfoCard,
  NotFound,
  Placeholder,
  StatusBadge,
} from '@/components/fleet/detail-parts'
import { LoadError } from '@/components/load-error'
import { ApiError } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { longDate } from '@/lib/dates'
import { orDash, trailerStatusLabel } from '@/lib/fleet-display'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import { useTrailer } from './api/vehicles-queries'

type TrailerDetail = components['schemas']['TrailerDetail']

const t = texts.fleet
const c = texts.fleet.columns
const f = texts.fleet.driverForm
const a = texts.fleet.assets

export interface TrailerDetailPageProps {
  /** The Documents tab's content, composed in by the app layer (the documents capability). */
  documentsTab?: (trailer: { id: string; name: string }) => ReactNode
}

/** Trailer detail (spec §2): the same shape as the truck detail. */
export function TrailerDetailPage({ documentsTab }: TrailerDetailPageProps = {}) {
  const { trailerId = '' } = useParams()
  const query = useTrailer(trailerId)
  useLoadErrorToast(query, a.loadTrailerFailed, { ignoreNotFound: true })

  if (query.isPending) return <DetailLoading />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <NotFound
          title={t.trailerNotFoundTitle}
          text={t.trailerNotFoundText}
          to={fleetRoutes.trailers}
          backLabel={t.backToTrailers}
        />
      )
    }
    return (
      <div className="space-y-4">
        <BackLink to={fleetRoutes.trailers} label={t.backToTrailers} />
        <LoadError
          title={a.loadTrailerFailed}
          message={query.error.message}
          retryLabel={a.retry}
          onRetry={() => void query.refetch()}
        />
      </div>
    )
  }
  return <TrailerView trailer={query.data} documentsTab={documentsTab} />
}

function TrailerView({ trailer, documentsTab }: { trailer: TrailerDetail } & TrailerDetailPageProps) {
  const active = trailer.status === 'active'
  return (
    <div className="space-y-6">
      <BackLink to={fleetRoutes.trailers} label={t.backToTrailers} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink">{trailer.name || t.unnamedTrailer}</h1>
          {trailer.trailer_type && <p className="text-muted-foreground">{trailer.trailer_type}</p>}
        </div>
        <StatusBadge active={active} label={trailerStatusLabel(trailer.status)} />
      </div>
      <Tabs defaultValue="info">
        <TabsList>
          <TabsTrigger value="info">{t.trailerTabs.info}</TabsTrigger>
          <TabsTrigger value="driver">{t.trailerTabs.driver}</TabsTrigger>
          <TabsTrigger value="documents">{t.trailerTabs.documents}</TabsTrigger>
          <TabsTrigger value="maintenance">{t.trailerTabs.maintenance}</TabsTrigger>
        </TabsList>
        <TabsContent value="info" className="space-y-4">
          <div className="grid gap-4 lg:grid-cols-2">
            <InfoCard title={a.trailerDetails}>
              <Fields>
                <Field label={c.type}>{orDash(trailer.trailer_type)}</Field>
                <Field label={c.status}>
                  <StatusBadge active={active} label={trailerStatusLabel(trailer.status)} />
                </Field>
              </Fields>
            </InfoCard>
            <InfoCard title={t.identification}>
              <Fields>
                <Field label={a.trailerId}>{orDash(trailer.trailer_id)}</Field>
                <Field label={c.vin}>{orDash(trailer.vin)}</Field>
                <Field label={c.licensePlate}>{orDash(trailer.license_plate)}</Field>
              </Fields>
            </InfoCard>
          </div>
          <InfoCard title={t.notes}>
            <p className="text-sm whitespace-pre-wrap">{orDash(trailer.notes)}</p>
          </InfoCard>
        </TabsContent>
        <TabsContent value="driver">
          <TrailerDriverCard trailer={trailer} />
        </TabsContent>
        <TabsContent value="documents">
          {documentsTab?.({ id: trailer.id, name: trailer.name || t.unnamedTrailer })}
        </TabsContent>
        <TabsContent value="maintenance">
          <Placeholder text={t.featureSoon} />
        </TabsContent>
      </Tabs>
    </div>
  )
}

function TrailerDriverCard({ trailer }: { trailer: TrailerDetail }) {
  const { driver } = trailer
  if (!driver) return <Placeholder text={t.noDriverAssigned} />
  return (
    <InfoCard title={c.assignedDriver}>
      <div className="space-y-4">
        <Fields>
          <Field label={c.name}>{driver.display_name}</Field>
          <Field label={c.eldDriverId}>{orDash(driver.eld_driver_id)}</Field>
          <Field label={c.phone}>{driver.phone_display}</Field>
          <Field label={f.licenseNumber}>{orDash(driver.license_number)}</Field>
          <Field label={f.licenseState}>{orDash(driver.license_state)}</Field>
          <Field label={c.assignedDate}>{orDash(longDate(trailer.assigned_at))}</Field>
        </Fields>
        {driver.id && (
          <Button asChild variant="outline" size="sm">
            <Link to={fleetRoutes.driver(driver.id)}>{t.viewDriverProfile}</Link>
          </Button>
        )}
      </div>
    </InfoCard>
  )
}
