import { fleetPatterns, routes } from '@/lib/routes'

type Pattern = (typeof fleetPatterns)[keyof typeof fleetPatterns]
/** A screen's first path segment ('trucks', 'company-settings'), or the overview. */
export type FleetSection = 'overview' | Exclude<Pattern, `${string}/${string}`>

const patterns: readonly string[] = Object.values(fleetPatterns)
/** The list screens: one segment each. */
const sections = new Set(patterns.filter((pattern) => !pattern.includes('/')))
/** Sections whose path may carry one id (the detail screens: 'trucks/:truckId'). */
const withId = new Set(patterns.filter((pattern) => pattern.includes('/')).map((pattern) => pattern.split('/')[0]))

/**
 * The section of the fleet dashboard a location shows (spec §2): the first
 * path segment below /fleet-dashboard (drivers, trucks, trailers, billing,
 * settings, company-settings, profile, documents, compliance), else `?tab=settings|billing`
 * on /fleet-dashboard itself, else overview. `null` for a path the dashboard
 * has no screen for (`/fleet-dashboard/trucks/abc/extra`, `/fleet-dashboard/nope`):
 * the not-found page shows there and no menu item is current.
 */
export function activeSection(pathname: string, search = ''): FleetSection | null {
  const base = routes.fleetDashboard
  if (!pathname.startsWith(base)) return null
  const rest = pathname.slice(base.length)
  if (rest !== '' && !rest.startsWith('/')) return null
  const [first, ...more] = rest.split('/').filter(Boolean)
  if (!first) {
    const tab = new URLSearchParams(search).get('tab')
    return tab === 'settings' || tab === 'billing' ? tab : 'overview'
  }
  // The router matches paths case-insensitively, and so does this.
  const segment = first.toLowerCase()
  if (!sections.has(segment)) return null
  const allowed = withId.has(segment) ? 1 : 0
  return more.length <= allowed ? (segment as FleetSection) : null
}
