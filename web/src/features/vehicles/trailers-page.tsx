import { Container } from 'lucide-react'
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
    >
      {(items) => <TrailersTable trailers={items} />}
    </FleetList>
  )
}

function TrailersTable({ trailers }: { trailers: TrailerItem[] }) {
  return (
    <Table className="min-w-[880px]">
      <TableHeader>
        <TableRow>
          <TableHead>{c.trailer}</TableHead>
          <TableHead>{c.type}</TableHead>
          <TableHead>{c.licensePlate}</TableHead>
          <TableHead>{c.vin}</TableHead>
          <TableHead>{c.status}</TableHead>
          <TableHead>{c.assignedTo}</TableHead>
          <TableHead>{c.assignedDate}</TableHead>
          <TableHead>
            <span className="sr-only">{t.viewDetails}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {trailers.map((trailer) => (
          <TableRow key={trailer.id}>
            {/* Names and plates like 'F-5611' and 'CA AP53115' read as one word: no break at the hyphen or space. */}
            <TableCell className="font-medium whitespace-nowrap">{trailer.name || t.unnamedTrailer}</TableCell>
            <TableCell>{orDash(trailer.trailer_type)}</TableCell>
            <TableCell className="whitespace-nowrap">{orDash(trailer.license_plate)}</TableCell>
            <TableCell className="font-mono text-xs">{orDash(trailer.vin)}</TableCell>
            <TableCell>
              <StatusBadge active={trailer.status === 'active'} label={trailerStatusLabel(trailer.status)} />
            </TableCell>
            <TableCell>{trailer.assigned_driver_name || t.unassigned}</TableCell>
            <TableCell className="whitespace-nowrap">{orDash(shortDate(trailer.assigned_at))}</TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <Button asChild variant="outline" size="sm">
                <Link to={fleetRoutes.trailer(trailer.id)}>{t.viewDetails}</Link>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
