import { Container } from 'lucide-react'
import { OneLine, type DataColumn } from '@/components/data-list/data-table'
import { StatusBadge } from '@/components/fleet/detail-parts'
import { NoEldNotice } from '@/components/fleet/eld-parts'
import { EldSyncButton, EldSyncProgress } from '@/components/fleet/eld-sync-button'
import { useListSync } from '@/components/fleet/use-list-sync'
import { FleetList } from '@/components/fleet/fleet-list'
import { useFleetList } from '@/components/fleet/use-fleet-list'
import type { components } from '@/lib/api-types'
import { shortDate } from '@/lib/dates'
import { useEldConnected } from '@/lib/fleet-account'
import { orDash, trailerStatusLabel } from '@/lib/fleet-display'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useTrailersPage } from './api/vehicles-queries'

type TrailerItem = components['schemas']['TrailerItem']

const t = texts.fleet
const c = texts.fleet.columns
const a = texts.fleet.assets

/** 'Fleet Trailers' (spec §2 Trailers): the tab is by stored status == "active". */
export function TrailersPage() {
  const list = useFleetList()
  const query = useTrailersPage(list.params)
  const eldConnected = useEldConnected()
  const sync = useListSync('trailers')

  return (
    <FleetList
      title={t.trailersTitle}
      searchLabel={t.searchTrailers}
      actions={<EldSyncButton sync={sync} label={t.syncTrailers} />}
      progress={<EldSyncProgress sync={sync} />}
      notice={eldConnected === false ? <NoEldNotice /> : null}
      tabLabels={{ active: t.activeTrailers, inactive: t.inactiveTrailers }}
      list={list}
      query={query}
      loadFailed={a.errorFetchingTrailers}
      loadFailedText={a.loadTrailersFailed}
      empty={
        <div className="space-y-2">
          <Container className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-medium text-ink">{t.noTrailersTitle}</p>
          <p className="text-sm text-muted-foreground">{t.noTrailersText}</p>
        </div>
      }
      tableClassName="min-w-[760px]"
      columns={columns}
      rows={{
        key: (trailer) => trailer.id,
        href: (trailer) => fleetRoutes.trailer(trailer.id),
        menu: (trailer) => [{ label: t.viewDetails, href: fleetRoutes.trailer(trailer.id), primary: true }],
      }}
    />
  )
}

/** Every column on a wide screen; a phone's card shows the trailer, status, type, plate and driver. */
const columns: DataColumn<TrailerItem>[] = [
  // Names and plates like 'F-5611' and 'CA AP53115' read as one word: no break at the hyphen or space.
  {
    id: 'name',
    header: c.trailer,
    card: 'title',
    className: 'font-medium whitespace-nowrap',
    cell: (trailer) => trailer.name || t.unnamedTrailer,
  },
  { id: 'type', header: c.type, cell: (trailer) => <OneLine text={orDash(trailer.trailer_type)} /> },
  {
    id: 'plate',
    header: c.licensePlate,
    className: 'whitespace-nowrap',
    cell: (trailer) => orDash(trailer.license_plate),
  },
  { id: 'vin', header: c.vin, card: 'hidden', className: 'font-mono text-xs', cell: (trailer) => orDash(trailer.vin) },
  {
    id: 'status',
    header: c.status,
    card: 'status',
    cell: (trailer) => (
      <StatusBadge active={trailer.status === 'active'} label={trailerStatusLabel(trailer.status)} />
    ),
  },
  {
    id: 'driver',
    header: c.assignedTo,
    cell: (trailer) => <OneLine text={trailer.assigned_driver_name || t.unassigned} />,
  },
  {
    id: 'assigned',
    header: c.assignedDate,
    card: 'hidden',
    className: 'whitespace-nowrap',
    cell: (trailer) => orDash(shortDate(trailer.assigned_at)),
  },
]
