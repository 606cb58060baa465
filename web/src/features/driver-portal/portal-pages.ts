import { matchPath } from 'react-router'
import { lazyScreen } from '@/lib/lazy-screen'
import { routePatterns, routes } from '@/lib/routes'
import { portalPatterns } from './portal-paths'

// Each page its own chunk: the Loads screen, which a driver opens on a weak
// network, loads none of the forms (react-hook-form, zod) or dialogs of the others.
export const PortalSignInPage = lazyScreen(() => import('./portal-sign-in-page'))
const PortalHomePage = lazyScreen(() => import('./portal-home-page'))
const PortalInvitePage = lazyScreen(() => import('./portal-invite-page'))
const PortalLoadsPage = lazyScreen(() => import('./loads/portal-loads-page'))
const PortalLoadPage = lazyScreen(() => import('./loads/portal-load-page'))

/** The portal's pages but sign-in (its index and the page of any other path), by route pattern. */
export const portalPages = [
  { pattern: portalPatterns.home, page: PortalHomePage },
  { pattern: portalPatterns.loads, page: PortalLoadsPage },
  { pattern: portalPatterns.load, page: PortalLoadPage },
  { pattern: portalPatterns.invite, page: PortalInvitePage },
]

/**
 * Loads the chunk of the portal page at `path` (the browser has it already
 * when the server's hints preloaded it), so the first render shows the page
 * rather than a fallback. Never fails: a chunk that does not load is left to
 * the page's Suspense.
 */
export function preloadPortalPage(path: string): Promise<void> {
  const within = matchPath(`${routes.driverPortal}/${routePatterns.fleetPortal}`, path)?.params['*'] ?? ''
  const page = portalPages.find(({ pattern }) => matchPath(pattern, within))?.page ?? PortalSignInPage
  return page.preload().then(
    () => undefined,
    () => undefined,
  )
}

/** The pages a driver goes to from any other (home, loads, a load), loaded once the browser is idle. */
export function preloadNextPortalPages(): () => void {
  const load = () => [PortalHomePage, PortalLoadsPage, PortalLoadPage].forEach((page) => void page.preload().catch(() => undefined))
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(load, { timeout: 3_000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(load, 1_000)
  return () => clearTimeout(id)
}
