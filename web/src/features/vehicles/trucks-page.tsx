import { Truck } from 'lucide-react'
import { OneLine, type DataColumn, type RowMenuItem } from '@/components/data-list/data-table'
import { StatusBadge } from '@/components/fleet/detail-parts'
import { NoEldNotice } from '@/components/fleet/eld-parts'
import { EldSyncButton, EldSyncProgress } from '@/components/fleet/eld-sync-button'
import { useListSync } from '@/components/fleet/use-list-sync'
import { FleetList } from '@/components/fleet/fleet-list'
import { useFleetList } from '@/components/fleet/use-fleet-list'
import type { components } from '@/lib/api-types'
import { useEldConnected } from '@/lib/fleet-account'
import { makeModel, orDash } from '@/lib/fleet-display'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useTrucksPage } from './api/vehicles-queries'

type TruckItem = components['schemas']['TruckItem']

const t = texts.fleet
const c = texts.fleet.columns
const a = texts.fleet.assets

export interface TrucksPageProps {
  /** More entries under a row's View Details in its menu, composed in by the app layer (the Truck Board's 'Post to Truck Board'). */
  rowActions?: (truck: { id: string; name: string }) => RowMenuItem[]
}


/** 'Fleet Vehicles' (spec §2 Trucks): the server searches, filters by derived status and paginates. */
export function TrucksPage({ rowActions }: TrucksPageProps = {}) {
  const list = useFleetList()
  const query = useTrucksPage(list.params)
  const eldConnected = useEldConnected()
  const sync = useListSync('trucks')

  return (
    <FleetList
      title={t.trucksTitle}
      searchLabel={t.searchTrucks}
      actions={<EldSyncButton sync={sync} label={t.syncFromEld} />}
      progress={<EldSyncProgress sync={sync} />}
      notice={eldConnected === false ? <NoEldNotice /> : null}
      tabLabels={{ active: t.activeTrucks, inactive: t.inactiveTrucks }}
      list={list}
      query={query}
      loadFailed={a.loadVehiclesFailed}
      empty={
        <div className="space-y-2">
          <Truck className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-medium text-ink">{t.noVehiclesTitle}</p>
          <p className="text-sm text-muted-foreground">{t.noVehiclesText}</p>
        </div>
      }
      // Nine columns with a VIN and a 15-digit ELD id: tighter cell padding
      // keeps every row one line high at 1280 px.
      tableClassName="min-w-[880px] [&_td]:px-2 [&_th]:px-2"
      columns={columns}
      rows={{
        key: (truck) => truck.id,
        href: (truck) => fleetRoutes.truck(truck.id),
        menu: (truck) => [
          { label: t.viewDetails, href: fleetRoutes.truck(truck.id), primary: true },
          ...(rowActions?.({ id: truck.id, name: truck.name || a.unnamedTruck }) ?? []),
        ],
      }}
    />
  )
}

/** Every column on a wide screen; a phone's card shows the name, status, make, plate and driver. */
const columns: DataColumn<TruckItem>[] = [
  {
    id: 'name',
    header: c.vehicleName,
    card: 'title',
    className: 'font-medium whitespace-nowrap',
    cell: (truck) => truck.name || a.unnamedTruck,
  },
  // Long values end in an ellipsis rather than wrapping: one line a row.
  { id: 'make', header: c.makeModel, cell: (truck) => <OneLine text={makeModel(truck)} /> },
  { id: 'year', header: c.year, card: 'hidden', cell: (truck) => orDash(truck.year) },
  { id: 'vin', header: c.vin, card: 'hidden', className: 'font-mono text-xs', cell: (truck) => orDash(truck.vin) },
  {
    id: 'plate',
    header: c.licensePlate,
    className: 'whitespace-nowrap',
    cell: (truck) => orDash(truck.license_plate),
  },
  {
    id: 'eld',
    header: c.eldVehicleId,
    card: 'hidden',
    className: 'font-mono text-xs',
    cell: (truck) => orDash(truck.vehicle_id),
  },
  {
    id: 'driver',
    header: c.assignedDriver,
    cell: (truck) => <OneLine text={truck.assigned_driver_name || t.unassigned} />,
  },
  {
    id: 'status',
    header: c.status,
    card: 'status',
    cell: (truck) => <StatusBadge active={truck.status === 'active'} />,
  },
]
