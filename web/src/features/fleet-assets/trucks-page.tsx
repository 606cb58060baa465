import { Truck } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { texts } from '@/lib/texts'
import { useEldConnected, useTrucksPage } from './api/fleet-assets-queries'
import type { TruckItem } from './api/types'
import { AssetList, ComingSyncButton, NoEldNotice } from './asset-list'
import { StatusBadge } from './detail-parts'
import { fleetPaths, makeModel, orDash } from './display'
import { useListState } from './use-list-state'

const t = texts.fleet
const c = texts.fleet.columns
const a = texts.fleet.assets

/** 'Fleet Vehicles' (spec §2 Trucks): the server searches, filters by derived status and paginates. */
export function TrucksPage() {
  const list = useListState()
  const query = useTrucksPage(list.params)
  const eldConnected = useEldConnected()

  return (
    <AssetList
      title={t.trucksTitle}
      searchLabel={t.searchTrucks}
      actions={<ComingSyncButton label={t.syncFromEld} />}
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
      {(items) => <TrucksTable trucks={items} />}
    </AssetList>
  )
}

function TrucksTable({ trucks }: { trucks: TruckItem[] }) {
  return (
    <Table className="min-w-[880px]">
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
            <TableCell>{orDash(truck.vehicle_id)}</TableCell>
            <TableCell>{truck.assigned_driver_name || t.unassigned}</TableCell>
            <TableCell>
              <StatusBadge active={truck.status === 'active'} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <Button asChild variant="outline" size="sm">
                <Link to={fleetPaths.truck(truck.id)}>{t.viewDetails}</Link>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
