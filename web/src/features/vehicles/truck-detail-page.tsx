import { AlertTriangle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
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
import { licenseText, orDash } from '@/lib/fleet-display'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import { useTruck } from './api/vehicles-queries'

type TruckDetail = components['schemas']['TruckDetail']
type TruckDriver = components['schemas']['TruckDriver']

const t = texts.fleet
const c = texts.fleet.columns
const a = texts.fleet.assets

export interface TruckDetailPageProps {
  /** The Documents tab's content, composed in by the app layer (the documents capability). */
  documentsTab?: (truck: { id: string; name: string }) => ReactNode
  /** Buttons in the header, composed in by the app layer (the Truck Board's 'Post to Truck Board'). */
  headerActions?: (truck: { id: string; name: string }) => ReactNode
}

/** Truck detail (spec §2); the server runs the §4 cleanup and reports it in `cleanup_notice`. */
export function TruckDetailPage({ documentsTab, headerActions }: TruckDetailPageProps = {}) {
  const { truckId = '' } = useParams()
  const query = useTruck(truckId)
  useLoadErrorToast(query, a.loadTruckFailed, { ignoreNotFound: true })

  if (query.isPending) return <DetailLoading />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <NotFound title={t.truckNotFoundTitle} text={t.truckNotFoundText} to={fleetRoutes.trucks} backLabel={t.backToTrucks} />
      )
    }
    return (
      <div className="space-y-4">
        <BackLink to={fleetRoutes.trucks} label={t.backToTrucks} />
        <LoadError
          title={a.loadTruckFailed}
          message={query.error.message}
          retryLabel={a.retry}
          onRetry={() => void query.refetch()}
        />
      </div>
    )
  }
  return <TruckView truck={query.data} documentsTab={documentsTab} headerActions={headerActions} />
}

/** 'Year Make Model' of the header; empty when nothing is known. */
function yearMakeModel({ year, make, model }: Pick<TruckDetail, 'year' | 'make' | 'model'>): string {
  return [year, make, model].filter((part) => part !== null && part !== undefined && part !== '').join(' ')
}

function TruckView({ truck, documentsTab, headerActions }: { truck: TruckDetail } & TruckDetailPageProps) {
  const subtitle = yearMakeModel(truck)
  return (
    <div className="space-y-6">
      <BackLink to={fleetRoutes.trucks} label={t.backToTrucks} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink">{truck.name || a.unnamedTruck}</h1>
          {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge active={truck.status === 'active'} />
          {headerActions?.({ id: truck.id, name: truck.name || a.unnamedTruck })}
        </div>
      </div>
      {truck.cleanup_notice && (
        <Alert variant="info" className="flex items-start gap-2 border-amber-300 bg-amber-50 text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{t.unrecognizedDriverRemoved}</span>
        </Alert>
      )}
      <Tabs defaultValue="info">
        <TabsList>
          <TabsTrigger value="info">{t.truckTabs.info}</TabsTrigger>
          <TabsTrigger value="driver">{t.truckTabs.driver}</TabsTrigger>
          <TabsTrigger value="documents">{t.truckTabs.documents}</TabsTrigger>
          <TabsTrigger value="maintenance">{t.truckTabs.maintenance}</TabsTrigger>
        </TabsList>
        <TabsContent value="info" className="space-y-4">
          <div className="grid gap-4 lg:grid-cols-2">
            <InfoCard title={t.vehicleDetails}>
              <Fields>
                <Field label={t.make}>{orDash(truck.make)}</Field>
                <Field label={t.model}>{orDash(truck.model)}</Field>
                <Field label={c.year}>{orDash(truck.year)}</Field>
                <Field label={c.status}>
                  <StatusBadge active={truck.status === 'active'} />
                </Field>
              </Fields>
            </InfoCard>
            <InfoCard title={t.identification}>
              <Fields>
                <Field label={c.vin}>{orDash(truck.vin)}</Field>
                <Field label={c.licensePlate}>{orDash(truck.license_plate)}</Field>
                <Field label={c.eldVehicleId}>{orDash(truck.vehicle_id)}</Field>
              </Fields>
            </InfoCard>
          </div>
          <InfoCard title={t.notes}>
            <p className="text-sm whitespace-pre-wrap">{orDash(truck.notes)}</p>
          </InfoCard>
        </TabsContent>
        <TabsContent value="driver">
          <TruckDriverCard driver={truck.driver} />
        </TabsContent>
        <TabsContent value="documents">
          {documentsTab?.({ id: truck.id, name: truck.name || a.unnamedTruck })}
        </TabsContent>
        <TabsContent value="maintenance">
          <Placeholder text={t.featureSoon} />
        </TabsContent>
      </Tabs>
    </div>
  )
}

function TruckDriverCard({ driver }: { driver: TruckDriver | null | undefined }) {
  if (!driver) return <Placeholder text={t.noDriverAssigned} />
  if (driver.kind === 'eld_only') {
    return (
      <InfoCard title={c.assignedDriver}>
        <div className="space-y-4">
          <Fields>
            <Field label={c.name}>{driver.name || t.unknownDriver}</Field>
            <Field label={c.eldDriverId}>{orDash(driver.eld_driver_id)}</Field>
          </Fields>
          <Alert variant="info">{t.eldOnlyDriver}</Alert>
        </div>
      </InfoCard>
    )
  }
  return (
    <InfoCard title={c.assignedDriver}>
      <div className="space-y-4">
        <Fields>
          <Field label={c.name}>{driver.display_name}</Field>
          <Field label={c.phone}>{driver.phone_display}</Field>
          <Field label={c.license}>{licenseText(driver.license_number, driver.license_state)}</Field>
        </Fields>
        <Button asChild variant="outline" size="sm">
          <Link to={fleetRoutes.driver(driver.id)}>{t.viewDriverProfile}</Link>
        </Button>
      </div>
    </InfoCard>
  )
}
