import { Truck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
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
  /** More buttons beside a row's View Details, composed in by the app layer (the Truck Board's 'Post to Truck Board'). */
  rowActions?: (truck: { id: string; name: string }) => ReactNode
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
    >
      {(items) => <TrucksTable trucks={items} rowActions={rowActions} />}
    </FleetList>
  )
}

function TrucksTable({ trucks, rowActions }: { trucks: TruckItem[] } & TrucksPageProps) {
  return (
    // Nine columns with a VIN and a 15-digit ELD id: tighter cell padding lets
    // the whole table, View Details included, fit the card at 1280 px.
    <Table className="min-w-[880px] [&_td]:px-2 [&_th]:px-2">
      <TableHeader>
        <TableRow>
          <TableHead>{c.vehicleName}</TableHead>
          <TableHead>{c.makeModel}</TableHead>
          <TableHead>{c.year}</TableHead>
          <TableHead>{c.vin}</TableHead>
          <TableHead>{c.licensePlate}</TableHead>
          <TableHead>{c.eldVehicleId}</TableHead>
          <TableHead>{c.assignedDriver}</TableHead>
          <TableHead>{c.status}</TableHead>
          <TableHead>
            <span className="sr-only">{t.viewDetails}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {trucks.map((truck) => (
          <TableRow key={truck.id}>
            <TableCell className="font-medium whitespace-nowrap">{truck.name || a.unnamedTruck}</TableCell>
            <TableCell>{makeModel(truck)}</TableCell>
            <TableCell>{orDash(truck.year)}</TableCell>
            <TableCell className="font-mono text-xs">{orDash(truck.vin)}</TableCell>
            <TableCell className="whitespace-nowrap">{orDash(truck.license_plate)}</TableCell>
            <TableCell className="font-mono text-xs">{orDash(truck.vehicle_id)}</TableCell>
            <TableCell>{truck.assigned_driver_name || t.unassigned}</TableCell>
            <TableCell>
              <StatusBadge active={truck.status === 'active'} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {/* Stacked, as wide as View Details: a wider column would push the table beyond the card at 1280 px. */}
              <div className="flex flex-col items-stretch gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={fleetRoutes.truck(truck.id)}>{t.viewDetails}</Link>
                </Button>
                {rowActions?.({ id: truck.id, name: truck.name || a.unnamedTruck })}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
