import { routes } from '@/lib/routes'

export type FleetSection =
  | 'overview'
  | 'profile'
  | 'trucks'
  | 'trailers'
  | 'drivers'
  | 'documents'
  | 'company-settings'
  | 'settings'
  | 'billing'

/** Sections whose path may carry one id (the detail screens). */
const withId = new Set<FleetSection>(['trucks', 'trailers', 'drivers'])
const sections = new Set<string>([
  'profile',
  'trucks',
  'trailers',
  'drivers',
  'documents',
  'company-settings',
  'settings',
  'billing',
])

/**
 * The section of the fleet dashboard a location shows (spec §2): the first
 * path segment below /fleet-dashboard (drivers, trucks, trailers, billing,
 * settings, company-settings, profile, documents), else `?tab=settings|billing`
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
  const section = segment as FleetSection
  const allowed = withId.has(section) ? 1 : 0
  return more.length <= allowed ? section : null
}
