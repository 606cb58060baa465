import { fleetRoutes } from '@/lib/routes'
import type { BoardStatus, CauseKind, DispatchBoard, DispatchLoad, Finding, Severity } from './api'
import { onDay, placeSpan, stackLanes, type DayColumn, type Placement } from './timeline'

// The board's pure rules: which column a status belongs to, the findings in
// their severity groups, and the record each finding points to.

export const COLUMNS = ['unassigned', 'planned', 'dispatched', 'inTransit', 'delivered'] as const
export type Column = (typeof COLUMNS)[number]

const COLUMN_OF: Record<BoardStatus, Column> = {
  tendered: 'unassigned',
  accepted: 'unassigned',
  planned: 'planned',
  dispatched: 'dispatched',
  at_pickup: 'inTransit',
  loaded: 'inTransit',
  in_transit: 'inTransit',
  at_delivery: 'inTransit',
  delivered: 'delivered',
}

/** The column of a status; null for one the board does not show (declined, cancelled, invoiced…). */
export function columnOf(status: string): Column | null {
  return Object.hasOwn(COLUMN_OF, status) ? COLUMN_OF[status as BoardStatus] : null
}

/** Earliest pickup first; the PRO breaks a tie. */
export function byPickup(a: DispatchLoad, b: DispatchLoad): number {
  return Date.parse(a.first_pickup_at) - Date.parse(b.first_pickup_at) || a.pro_number - b.pro_number
}

/** The loads of each column, earliest pickup first. */
export function groupByColumn(loads: readonly DispatchLoad[]): Record<Column, DispatchLoad[]> {
  const groups = Object.fromEntries(COLUMNS.map((column) => [column, [] as DispatchLoad[]])) as Record<
    Column,
    DispatchLoad[]
  >
  for (const load of loads) {
    const column = columnOf(load.status)
    if (column) groups[column].push(load)
  }
  for (const column of COLUMNS) groups[column].sort(byPickup)
  return groups
}

/** Whether the Assign action applies: not yet on the road. */
export const canAssign = (status: string) => status === 'tendered' || status === 'accepted' || status === 'planned'
/** Whether the Dispatch action applies. */
export const canDispatch = (load: Pick<DispatchLoad, 'status' | 'driver_id' | 'truck_id'>) =>
  load.status === 'planned' && load.driver_id !== null && load.truck_id !== null

export const SEVERITIES = ['block', 'warn', 'info'] as const satisfies readonly Severity[]

export interface FindingGroup {
  severity: Severity
  findings: Finding[]
}

/** The findings as one list in Block, Warn, Info order, each group in the server's order; empty groups left out. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  return SEVERITIES.map((severity) => ({
    severity,
    findings: findings.filter((finding) => finding.severity === severity),
  })).filter((group) => group.findings.length > 0)
}

export interface CauseLink {
  kind: CauseKind
  href: string
  /** The driver's id when a qualification link is one of a team's two. */
  driverId?: string
}

/**
 * Where a finding's record is. A qualification finding names the
 * qualification, which has no page of its own: it links to its driver's
 * Qualification tab, and for a team (the finding does not say whose it is)
 * to both drivers'.
 */
export function causeLinks(finding: Pick<Finding, 'cause_kind' | 'cause_id'>, driverIds: readonly string[]): CauseLink[] {
  const kind = finding.cause_kind
  switch (kind) {
    case 'driver':
      return [{ kind, href: fleetRoutes.driver(finding.cause_id) }]
    case 'truck':
      return [{ kind, href: fleetRoutes.truck(finding.cause_id) }]
    case 'trailer':
      return [{ kind, href: fleetRoutes.trailer(finding.cause_id) }]
    case 'document':
      return [{ kind, href: fleetRoutes.documents }]
    case 'load':
      return [{ kind, href: fleetRoutes.load(finding.cause_id) }]
    case 'qualification':
      return driverIds.map((driverId) => ({
        kind,
        href: `${fleetRoutes.driver(driverId)}?tab=qualification`,
        ...(driverIds.length > 1 ? { driverId } : {}),
      }))
    default:
      return []
  }
}

/** A load's bar on a timeline row. */
export interface Bar {
  load: DispatchLoad
  placement: Placement
  lane: number
}

export interface TimelineRow {
  /** The driver's or the truck's id. */
  id: string
  name: string
  active: boolean
  bars: Bar[]
  /** How many lanes the row's bars need (at least one). */
  lanes: number
}

/**
 * The week timeline's rows: one per driver (each driver of a team gets the
 * load) or per truck, with their loads' bars placed on the day columns and
 * stacked where they overlap. Inactive drivers and trucks get a row only
 * when they carry a load that week; `driverId` keeps one driver's row.
 */
export function timelineRows(
  board: Pick<DispatchBoard, 'loads' | 'drivers' | 'trucks'>,
  columns: DayColumn[],
  by: 'driver' | 'truck',
  driverId = '',
): TimelineRow[] {
  const people =
    by === 'driver'
      ? board.drivers.map((d) => ({ id: d.id, name: d.name, active: d.active }))
      : board.trucks.map((t) => ({ id: t.id, name: t.unit_number, active: t.active }))
  const carries = (load: DispatchLoad, id: string) =>
    by === 'driver' ? load.driver_id === id || load.second_driver_id === id : load.truck_id === id
  const rows: TimelineRow[] = []
  for (const row of people) {
    if (by === 'driver' && driverId && row.id !== driverId) continue
    const placed = board.loads
      .filter((load) => carries(load, row.id))
      .sort(byPickup)
      .map((load) => ({ load, placement: placeSpan(load.first_pickup_at, load.last_delivery_at, columns) }))
      .filter((bar): bar is { load: DispatchLoad; placement: Placement } => bar.placement !== null)
    if (!row.active && placed.length === 0) continue
    const lanes = stackLanes(placed.map((bar) => bar.placement))
    rows.push({
      ...row,
      bars: placed.map((bar, i) => ({ ...bar, lane: lanes[i] })),
      lanes: Math.max(1, ...lanes.map((lane) => lane + 1)),
    })
  }
  return rows
}

/** The loads of one day (their span overlaps it), earliest pickup first: the phone's day list. */
export function loadsOfDay(loads: readonly DispatchLoad[], day: DayColumn): DispatchLoad[] {
  return loads.filter((load) => columnOf(load.status) && onDay(load.first_pickup_at, load.last_delivery_at, day)).sort(byPickup)
}
