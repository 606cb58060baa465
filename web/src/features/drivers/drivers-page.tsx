import { Plus, Users } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { NoEldNotice } from '@/components/fleet/eld-parts'
import { EldSyncButton, EldSyncProgress } from '@/components/fleet/eld-sync-button'
import { useEldProviderLabel } from '@/components/fleet/use-eld-provider-label'
import { useListSync } from '@/components/fleet/use-list-sync'
import { FleetList } from '@/components/fleet/fleet-list'
import { useFleetList } from '@/components/fleet/use-fleet-list'
import type { components } from '@/lib/api-types'
import { useEldConnected } from '@/lib/fleet-account'
import { licenseText, orDash } from '@/lib/fleet-display'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useDriversPage } from './api/drivers-queries'
import { DriverFormDialog } from './driver-form-dialog'

type DriverItem = components['schemas']['DriverItem']

const t = texts.fleet
const c = texts.fleet.columns
const a = texts.fleet.assets

/** Drivers (spec §2): the server searches, filters by is_active and formats names and phones. */
export function DriversPage() {
  const list = useFleetList()
  const query = useDriversPage(list.params)
  const eldConnected = useEldConnected()
  const sync = useListSync('drivers')
  const [adding, setAdding] = useState(false)

  return (
    <>
      <FleetList
        title={t.driversTitle}
        searchLabel={t.searchDrivers}
        actions={
          <>
            <EldSyncButton sync={sync} label={t.syncDrivers} />
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden />
              {t.addDriver}
            </Button>
          </>
        }
        progress={<EldSyncProgress sync={sync} />}
        notice={eldConnected === false ? <NoEldNotice /> : null}
        tabLabels={{ active: t.activeDriversTab, inactive: t.inactiveDriversTab }}
        list={list}
        query={query}
        loadFailed={a.errorFetchingDrivers}
        empty={
          <div className="space-y-3">
            <Users className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
            <p className="text-sm text-muted-foreground">{t.noDriversText}</p>
            {eldConnected ? (
              <div className="flex justify-center">
                <EldSyncButton sync={sync} label={t.syncDriversFromEld} />
              </div>
            ) : (
              <Button variant="outline" onClick={() => setAdding(true)}>
                {t.addFirstDriver}
              </Button>
            )}
          </div>
        }
      >
        {(items) => <DriversTable drivers={items} />}
      </FleetList>
      <DriverFormDialog open={adding} onOpenChange={setAdding} />
    </>
  )
}

function DriversTable({ drivers }: { drivers: DriverItem[] }) {
  const providerLabel = useEldProviderLabel()
  return (
    <Table className="min-w-[840px]">
      <TableHeader>
        <TableRow>
          <TableHead>{c.name}</TableHead>
          <TableHead>{c.username}</TableHead>
          <TableHead>{c.eldDriverId}</TableHead>
          <TableHead>{c.phone}</TableHead>
          <TableHead>{c.license}</TableHead>
          <TableHead>{c.eldProvider}</TableHead>
          <TableHead>
            <span className="sr-only">{t.view}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {drivers.map((driver) => (
          <TableRow key={driver.id}>
            <TableCell className="font-medium">{driver.display_name}</TableCell>
            <TableCell>{orDash(driver.username)}</TableCell>
            <TableCell>{orDash(driver.driver_id)}</TableCell>
            <TableCell className="whitespace-nowrap">{driver.phone_display}</TableCell>
            <TableCell>{licenseText(driver.license_number, driver.license_state)}</TableCell>
            <TableCell>{orDash(driver.eld_provider && providerLabel(driver.eld_provider))}</TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <Button asChild variant="outline" size="sm">
                <Link to={fleetRoutes.driver(driver.id)}>{t.view}</Link>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
