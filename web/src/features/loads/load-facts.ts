import { texts } from '@/lib/texts'
import type { AccessorialView, LoadView, StopView } from './api/loads-api'

/** Arrived after the appointment, or after the window closed. */
export function isLate(stop: Pick<StopView, 'arrived_at' | 'ends_at'>): boolean {
  return stop.arrived_at !== null && new Date(stop.arrived_at).getTime() > new Date(stop.ends_at).getTime()
}

/** The stop being served: the first not yet departed (the server takes events only there or before). */
export function currentStop(stops: readonly StopView[]): StopView | undefined {
  return stops.find((stop) => stop.departed_at === null)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The detention line the server proposed for stop `seq` (stop_events.rs
 * writes it with the text `loads.detentionNote`), if any.
 */
export function proposedDetention(accessorials: readonly AccessorialView[], seq: number): AccessorialView | undefined {
  const pattern = new RegExp(
    `^${escape(texts.loads.detentionNote)
      .replace('\\{n\\}', String(seq + 1))
      .replace('\\{minutes\\}', '\\d+')}$`,
  )
  return accessorials.find((line) => line.kind === 'detention' && line.note !== null && pattern.test(line.note))
}

/** Empty miles when the server gives them (until api-types is regenerated). */
export type LoadWithMiles = LoadView & { empty_miles?: number | null }

/** Revenue per mile in cents over the loaded and (when known) empty miles; null without miles. */
export function revenuePerMileCents(load: LoadWithMiles): number | null {
  const miles = load.loaded_miles + (load.empty_miles ?? 0)
  return miles > 0 ? Math.round(load.revenue_cents / miles) : null
}
