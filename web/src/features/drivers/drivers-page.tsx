import { Plus, Users } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import type { DataColumn } from '@/components/data-list/data-table'
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
  const columns = useDriverColumns()

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
        tableClassName="min-w-[720px]"
        columns={columns}
        rows={{
          key: (driver) => driver.id,
          href: (driver) => fleetRoutes.driver(driver.id),
          menu: (driver) => [{ label: t.view, href: fleetRoutes.driver(driver.id), primary: true }],
        }}
      />
      <DriverFormDialog open={adding} onOpenChange={setAdding} />
    </>
  )
}

/** Every column on a wide screen; a phone's card shows the name, phone and license. */
function useDriverColumns(): DataColumn<DriverItem>[] {
  const providerLabel = useEldProviderLabel()
  return [
    { id: 'name', header: c.name, card: 'title', className: 'font-medium', cell: (driver) => driver.display_name },
    { id: 'username', header: c.username, card: 'hidden', cell: (driver) => orDash(driver.username) },
    { id: 'eld', header: c.eldDriverId, card: 'hidden', cell: (driver) => orDash(driver.driver_id) },
    { id: 'phone', header: c.phone, className: 'whitespace-nowrap', cell: (driver) => driver.phone_display },
    {
      id: 'license',
      header: c.license,
      cell: (driver) => licenseText(driver.license_number, driver.license_state),
    },
    {
      id: 'provider',
      header: c.eldProvider,
      card: 'hidden',
      cell: (driver) => orDash(driver.eld_provider && providerLabel(driver.eld_provider)),
    },
  ]
}
