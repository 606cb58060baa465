import { format, texts } from '@/lib/texts'
import type { DispatchLoad } from './api'

const t = texts.loads.dispatch

/** The names the cards show for the ids a load carries. */
export interface Names {
  driver: (id: string) => string
  truck: (id: string) => string
}

/** The MIME type a dragged card carries its load's id in. */
export const LOAD_DRAG_TYPE = 'application/x-longhaul-load'

export function laneText(load: Pick<DispatchLoad, 'origin' | 'destination'>): string {
  return `${load.origin} → ${load.destination}`
}

export function crewText(load: DispatchLoad, names: Names): string | null {
  if (!load.driver_id) return null
  return load.second_driver_id
    ? format(t.card.team, { first: names.driver(load.driver_id), second: names.driver(load.second_driver_id) })
    : names.driver(load.driver_id)
}
