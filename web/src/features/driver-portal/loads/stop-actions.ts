import type { PortalLoad, PortalStop, StopEventName } from './portal-load-types'

/** Events of a stop the phone holds but has not sent yet. */
export type Queued = ReadonlyArray<{ seq: number; event: StopEventName }>

const ON_THE_ROAD = new Set(['dispatched', 'at_pickup', 'loaded', 'in_transit', 'at_delivery', 'delivered'])

function has(stop: PortalStop, queued: Queued, event: StopEventName): boolean {
  const reported =
    event === 'arrived' ? stop.arrived_at !== null : event === 'departed' ? stop.departed_at !== null : stop.completed
  return reported || queued.some((q) => q.seq === stop.seq && q.event === event)
}

/** The stop being served: the first the truck has not left (queued departures count). */
export function currentStop(load: PortalLoad, queued: Queued): PortalStop | undefined {
  return load.stops.find((s) => !has(s, queued, 'departed'))
}

/**
 * The buttons a stop offers now: only the current stop's, in the order a
 * stop sees them (arrive; then load or unload, or leave). What the phone
 * queued offline counts as done, so the driver can go on without a network.
 */
export function stopActions(load: PortalLoad, stop: PortalStop, queued: Queued): StopEventName[] {
  if (!ON_THE_ROAD.has(load.status) || load.driver_response === 'declined') return []
  if (currentStop(load, queued)?.seq !== stop.seq) return []
  if (!has(stop, queued, 'arrived')) return ['arrived']
  // A pickup is loaded before the truck may leave; a delivery may be left without unloading.
  if (!has(stop, queued, 'completed')) return stop.kind === 'pickup' ? ['completed'] : ['completed', 'departed']
  return ['departed']
}

/** Whether the stop is a delivery whose POD the driver can send now. */
export function canSendPod(load: PortalLoad, stop: PortalStop, queued: Queued): boolean {
  return stop.kind === 'delivery' && ON_THE_ROAD.has(load.status) && has(stop, queued, 'arrived')
}
