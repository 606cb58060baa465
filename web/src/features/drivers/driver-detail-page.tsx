import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import {
  BackLink,
  DetailLoading,
  Field,
  Fields,
  InfoCard,
  NotFound,
  StatusBadge,
} from '@/components/fleet/detail-parts'
import { useEldProviderLabel } from '@/components/fleet/use-eld-provider-label'
import { LoadError } from '@/components/load-error'
import { ApiError } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { shortDate } from '@/lib/dates'
import { licenseText, makeModel, orDash, trailerStatusLabel } from '@/lib/fleet-display'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import { useTabParam } from '@/lib/use-tab-param'
import { useDriver, useSendPortalInvite, useSetDriverActive } from './api/drivers-queries'
import { DriverFormDialog } from './driver-form-dialog'
import { QualificationTab } from './qualification-tab'

type Schemas = components['schemas']
type DriverDetail = Schemas['DriverDetail']

const t = texts.fleet
const c = texts.fleet.columns
const f = texts.fleet.driverForm
const a = texts.fleet.assets
const dp = texts.driverPortal

/** The tabs in their order; `?tab=` opens one (the compliance calendar links to `?tab=qualification`). */
const DRIVER_TABS = ['profile', 'vehicles', 'documents', 'qualification'] as const

export interface DriverDetailPageProps {
  /** The Documents tab's content, composed in by the app layer (the documents capability). */
  documentsTab?: (driver: { id: string; name: string }) => ReactNode
}

/** Driver detail (spec §2): Profile, Assigned Vehicles, Documents, and the compliance issue's Qualification. */
export function DriverDetailPage({ documentsTab }: DriverDetailPageProps = {}) {
  const { driverId = '' } = useParams()
  const query = useDriver(driverId)
  useLoadErrorToast(query, a.loadDriverFailed, { ignoreNotFound: true })

  if (query.isPending) return <DetailLoading />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <NotFound title={t.driverNotFoundTitle} text={t.driverNotFoundText} to={fleetRoutes.drivers} backLabel={t.back} />
    }
    return (
      <div className="space-y-4">
        <BackLink to={fleetRoutes.drivers} label={t.back} />
        <LoadError
          title={a.loadDriverFailed}
          message={query.error.message}
          retryLabel={a.retry}
          onRetry={() => void query.refetch()}
        />
      </div>
    )
  }
  return <DriverView driver={query.data} documentsTab={documentsTab} />
}

function DriverView({ driver, documentsTab }: { driver: DriverDetail } & DriverDetailPageProps) {
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const setActive = useSetDriverActive(driver.id)
  const providerLabel = useEldProviderLabel()
  const [tab, openTab] = useTabParam(DRIVER_TABS)

  const changeActive = (active: boolean) =>
    setActive.mutate(active, {
      onSuccess: () => {
        toast.success(active ? f.activated : f.deactivated)
        setConfirming(false)
      },
      onError: (error) => toast.error(a.updateDriverFailed, { description: error.message }),
    })

  return (
    <div className="space-y-6">
      <BackLink to={fleetRoutes.drivers} label={t.back} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink">{driver.display_name || t.unknownDriver}</h1>
          <StatusBadge active={driver.is_active} />
        </div>
      </div>
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList>
          <TabsTrigger value="profile">{t.driverTabs.profile}</TabsTrigger>
          <TabsTrigger value="vehicles">{t.driverTabs.vehicles}</TabsTrigger>
          <TabsTrigger value="documents">{t.driverTabs.documents}</TabsTrigger>
          <TabsTrigger value="qualification">{texts.compliance.qualification.tab}</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <InfoCard title={t.driverInformation}>
            <div className="space-y-6">
              <Fields>
                <Field label={t.fullName}>{driver.display_name || t.unknownDriver}</Field>
                <Field label={c.username}>{orDash(driver.username)}</Field>
                <Field label={t.phoneNumber}>{driver.phone_display}</Field>
                <Field label={f.email}>{orDash(driver.email)}</Field>
                <Field label={c.license}>{licenseText(driver.license_number, driver.license_state)}</Field>
                <Field label={c.eldDriverId}>{orDash(driver.driver_id)}</Field>
                <Field label={c.eldProvider}>{driver.eld_provider ? providerLabel(driver.eld_provider) : t.none}</Field>
                {driver.notes && (
                  <div className="sm:col-span-2">
                    <Field label={t.notes}>
                      <span className="whitespace-pre-wrap">{driver.notes}</span>
                    </Field>
                  </div>
                )}
              </Fields>
              <div role="group" aria-label={a.driverActions} className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setEditing(true)}>
                  {f.edit}
                </Button>
                {driver.is_active ? (
                  <Button variant="destructive" onClick={() => setConfirming(true)}>
                    {f.deactivate}
                  </Button>
                ) : (
                  <Button disabled={setActive.isPending} onClick={() => changeActive(true)}>
                    {f.activate}
                  </Button>
                )}
                {driver.is_active && <PortalInviteButton driver={driver} />}
              </div>
            </div>
          </InfoCard>
        </TabsContent>
        <TabsContent value="vehicles" className="space-y-4">
          <AssignedTruck truck={driver.assigned_truck} />
          <AssignedTrailers trailers={driver.assigned_trailers} />
        </TabsContent>
        <TabsContent value="documents">
          {documentsTab?.({ id: driver.id, name: driver.display_name || t.unknownDriver })}
        </TabsContent>
        <TabsContent value="qualification">
          <QualificationTab
            driver={{
              id: driver.id,
              name: driver.display_name || t.unknownDriver,
              licenseNumber: driver.license_number,
              licenseState: driver.license_state,
            }}
          />
        </TabsContent>
      </Tabs>

      <DriverFormDialog open={editing} onOpenChange={setEditing} driver={driver} />
      <Dialog open={confirming} onOpenChange={(next) => !setActive.isPending && setConfirming(next)}>
        <DialogContent>
          <DialogTitle>{f.deactivateConfirmTitle}</DialogTitle>
          <DialogDescription>{f.deactivateConfirmText}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={setActive.isPending} onClick={() => setConfirming(false)}>
              {f.cancel}
            </Button>
            <Button variant="destructive" disabled={setActive.isPending} onClick={() => changeActive(false)}>
              {f.deactivate}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}

/**
 * Send portal invite: mails the driver a link to set an own password. Without
 * an e-mail it stays off and says why; the server's refusal shows the same way.
 */
function PortalInviteButton({ driver }: { driver: DriverDetail }) {
  const invite = useSendPortalInvite(driver.id)
  const [refusal, setRefusal] = useState<string | null>(null)
  const hint = driver.email ? refusal : (refusal ?? dp.inviteNeedsEmail)

  const send = () => {
    setRefusal(null)
    invite.mutate(undefined, {
      onSuccess: (sent) => toast.success(format(dp.inviteSent, { email: sent.email })),
      onError: (error) => {
        const fieldMessage = error instanceof ApiError ? error.fields.email : undefined
        if (fieldMessage) setRefusal(fieldMessage)
        else toast.error(error.message)
      },
    })
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Button
        variant="outline"
        disabled={!driver.email || invite.isPending}
        aria-describedby={hint ? 'portal-invite-hint' : undefined}
        onClick={send}
      >
        {dp.inviteSend}
      </Button>
      {hint && (
        <p id="portal-invite-hint" className="max-w-xs text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}

function AssignedTruck({ truck }: { truck: DriverDetail['assigned_truck'] }) {
  return (
    <InfoCard title={t.assignedTruck}>
      {truck ? (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={fleetRoutes.truck(truck.id)} className="font-semibold text-primary hover:underline">
              {truck.name || a.unnamedTruck}
            </Link>
            <StatusBadge active={truck.status === 'active'} />
          </div>
          <Fields>
            <Field label={c.makeModel}>{orDash([makeModel(truck), truck.year].filter((part) => part && part !== a.empty).join(' '))}</Field>
            <Field label={c.licensePlate}>{orDash(truck.license_plate)}</Field>
            <Field label={c.vin}>{orDash(truck.vin)}</Field>
            <Field label={a.vehicleId}>{orDash(truck.vehicle_id)}</Field>
          </Fields>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t.noVehicleAssigned}</p>
      )}
    </InfoCard>
  )
}

function AssignedTrailers({ trailers }: { trailers: DriverDetail['assigned_trailers'] }) {
  return (
    <InfoCard title={t.assignedTrailers}>
      {trailers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noTrailersAssigned}</p>
      ) : (
        <ul className="space-y-3">
          {trailers.map((trailer) => (
            <li key={trailer.id}>
              <Card className="shadow-none">
                <CardContent className="space-y-4 pt-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link to={fleetRoutes.trailer(trailer.id)} className="font-semibold text-primary hover:underline">
                      {trailer.name || t.unnamedTrailer}
                    </Link>
                    <StatusBadge active={trailer.status === 'active'} label={trailerStatusLabel(trailer.status)} />
                  </div>
                  <Fields>
                    <Field label={c.type}>{orDash(trailer.trailer_type)}</Field>
                    <Field label={c.licensePlate}>{orDash(trailer.license_plate)}</Field>
                    <Field label={c.vin}>{orDash(trailer.vin)}</Field>
                    <Field label={a.trailerId}>{orDash(trailer.trailer_id)}</Field>
                    <Field label={c.assignedDate}>{orDash(shortDate(trailer.assigned_at))}</Field>
                  </Fields>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </InfoCard>
  )
}
