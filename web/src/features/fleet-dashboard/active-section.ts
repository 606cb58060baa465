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

/**
 * The section of the fleet dashboard a location shows (spec §2): the first
 * path segment below /fleet-dashboard (drivers, trucks, trailers, billing,
 * settings, company-settings, profile, documents), else `?tab=settings|billing`
 * on /fleet-dashboard itself, else overview (the catch-all included).
 */
export function activeSection(pathname: string, search = ''): FleetSection {
  const base = routes.fleetDashboard
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : ''
  const segment = rest.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? ''
  switch (segment) {
    case 'drivers':
    case 'trucks':
    case 'trailers':
    case 'billing':
    case 'settings':
    case 'company-settings':
    case 'profile':
    case 'documents':
      return segment
    case '': {
      const tab = new URLSearchParams(search).get('tab')
      return tab === 'settings' || tab === 'billing' ? tab : 'overview'
    }
    default:
      return 'overview'
  }
}
