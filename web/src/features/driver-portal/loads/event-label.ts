import { texts } from '@/lib/texts'
import type { StopEventName } from './portal-load-types'

const t = texts.portalLoads

/** Arrived, Loaded or Unloaded, Departed. */
export function eventLabel(event: StopEventName, kind: string): string {
  if (event === 'arrived') return t.arrived
  if (event === 'departed') return t.departed
  return kind === 'pickup' ? t.loaded : t.unloaded
}
