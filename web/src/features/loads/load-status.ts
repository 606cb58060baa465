import type { BadgeProps } from '@/components/ui/badge'

/** Every status of a load (domain::loads::LoadStatus), in lifecycle order. */
export const LOAD_STATUSES = [
  'tendered',
  'accepted',
  'declined',
  'planned',
  'dispatched',
  'at_pickup',
  'loaded',
  'in_transit',
  'at_delivery',
  'delivered',
  'invoiced',
  'paid',
  'cancelled',
] as const

export type LoadStatus = (typeof LOAD_STATUSES)[number]

/** The loads list's tabs and the statuses each one shows; All sends no status. */
export const LOAD_TABS = {
  all: [],
  unassigned: ['tendered', 'accepted'],
  planned: ['planned'],
  dispatched: ['dispatched'],
  inTransit: ['at_pickup', 'loaded', 'in_transit', 'at_delivery'],
  delivered: ['delivered'],
  billed: ['invoiced', 'paid'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly LoadStatus[]>

export type LoadTab = keyof typeof LOAD_TABS

export const LOAD_TAB_IDS = Object.keys(LOAD_TABS) as [LoadTab, ...LoadTab[]]

export function isLoadTab(value: string | null): value is LoadTab {
  return value !== null && Object.hasOwn(LOAD_TABS, value)
}

/** Each tab's count from the server's count per single status (All: every status, declined too). */
export function tabCounts(counts: readonly { status: string; count: number }[]): Record<LoadTab, number> {
  const of = new Map(counts.map(({ status, count }) => [status, count]))
  const result = {} as Record<LoadTab, number>
  for (const tab of LOAD_TAB_IDS) {
    const statuses: readonly string[] = LOAD_TABS[tab]
    result[tab] =
      statuses.length === 0
        ? counts.reduce((sum, { count }) => sum + count, 0)
        : statuses.reduce((sum, status) => sum + (of.get(status) ?? 0), 0)
  }
  return result
}

/** The tab a status is listed under (besides All). */
export function tabOf(status: string): LoadTab {
  const found = LOAD_TAB_IDS.find((tab) => tab !== 'all' && (LOAD_TABS[tab] as readonly string[]).includes(status))
  return found ?? 'all'
}

export function statusVariant(status: string): NonNullable<BadgeProps['variant']> {
  switch (tabOf(status)) {
    case 'unassigned':
      return 'warning'
    case 'planned':
    case 'dispatched':
      return 'info'
    case 'inTransit':
      return 'default'
    case 'delivered':
    case 'billed':
      return 'success'
    case 'cancelled':
      return 'destructive'
    default:
      return 'outline'
  }
}

/** The lifecycle (domain::loads::LoadStatus::next), for the buttons the machine allows. */
const NEXT: Record<LoadStatus, readonly LoadStatus[]> = {
  tendered: ['accepted', 'declined'],
  accepted: ['planned'],
  planned: ['accepted', 'dispatched'],
  dispatched: ['planned', 'at_pickup'],
  at_pickup: ['loaded'],
  loaded: ['in_transit'],
  in_transit: ['at_pickup', 'at_delivery'],
  at_delivery: ['in_transit', 'delivered'],
  delivered: ['invoiced'],
  invoiced: ['paid'],
  declined: [],
  paid: [],
  cancelled: [],
}

/**
 * The status buttons of a load's page: the next steps the machine allows that
 * are taken by hand. Planning is an assignment (the dispatch board), the
 * moves between stops are the stops' events.
 */
export const STATUS_ACTIONS = ['accepted', 'declined', 'dispatched', 'delivered', 'invoiced', 'paid'] as const

export type StatusAction = (typeof STATUS_ACTIONS)[number]

export function statusActions(status: string): StatusAction[] {
  const next: readonly string[] = NEXT[status as LoadStatus] ?? []
  // Back from planned to accepted is taking the assignment off: the dispatch board's, not an "Accept".
  return STATUS_ACTIONS.filter((action) => next.includes(action) && (action !== 'accepted' || status === 'tendered'))
}

/** Cancel is its own action, with a reason: before delivery and not already ended. */
export function cancellable(status: string): boolean {
  return !['declined', 'delivered', 'invoiced', 'paid', 'cancelled'].includes(status)
}

/** A load on the road, whose stops take events. */
export function underway(status: string): boolean {
  return ['dispatched', 'at_pickup', 'loaded', 'in_transit', 'at_delivery'].includes(status)
}

/** Assigning is open before the load is on the road. */
export function assignable(status: string): boolean {
  return ['accepted', 'planned'].includes(status)
}
