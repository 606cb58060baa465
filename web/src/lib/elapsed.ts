const units = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const

const formats = new Map<string, Intl.NumberFormat>()
function unitFormat(unit: string): Intl.NumberFormat {
  let found = formats.get(unit)
  if (!found) {
    found = new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'long' })
    formats.set(unit, found)
  }
  return found
}

/**
 * The time since `timestamp` in its largest whole unit, for a spec text's
 * `{age} ago`: '1 minute' (also for less), '2 hours', '3 days'. A time in the
 * future (a clock ahead of ours) reads as 1 minute; null for no or a bad time.
 */
export function elapsed(timestamp: string | null | undefined, now: Date = new Date()): string | null {
  if (!timestamp) return null
  const then = Date.parse(timestamp)
  if (Number.isNaN(then)) return null
  const seconds = Math.max(0, (now.getTime() - then) / 1000)
  for (const { unit, seconds: size } of units) {
    const count = Math.floor(seconds / size)
    if (count >= 1) return unitFormat(unit).format(count)
  }
  return unitFormat('minute').format(1)
}
