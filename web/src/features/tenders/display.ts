import { format, texts } from '@/lib/texts'
import type { TenderStopView } from './api/types'

const s = texts.tenderScreens.summary

/** The aria props of a control whose field has `error` (its message has the id `${id}-error`). */
export function invalid(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}
}

/** 'Chicago, IL → Dallas, TX': the first stop's city to the last's. */
export function laneOf(stops: TenderStopView[]): string {
  if (stops.length === 0) return ''
  const place = (stop: TenderStopView) => `${stop.city}, ${stop.state}`
  return format(s.lane, { origin: place(stops[0]), destination: place(stops[stops.length - 1]) })
}

/** An instant in the viewer's zone: 'Mar 2, 8:00 AM'. */
export function when(instant: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  )
}
