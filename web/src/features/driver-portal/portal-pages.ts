import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import { lazyScreen } from '@/lib/lazy-screen'
import { routePatterns, routes } from '@/lib/routes'
import { portalLoadsQuery } from './api/portal-loads-queries'
import { portalDocumentsQuery, portalHomeQuery, portalRenewalsQuery } from './api/portal-queries'
import { portalPatterns } from './portal-paths'

// Each page its own chunk: the Loads screen, which a driver opens on a weak
// network, loads none of the forms (react-hook-form, zod) or dialogs of the others.
export const PortalSignInPage = lazyScreen(() => import('./portal-sign-in-page'))
const PortalHomePage = lazyScreen(() => import('./portal-home-page'))
const PortalInvitePage = lazyScreen(() => import('./portal-invite-page'))
const PortalLoadsPage = lazyScreen(() => import('./loads/portal-loads-page'))
const PortalLoadPage = lazyScreen(() => import('./loads/portal-load-page'))

/** What a signed-in page asks for first: the driver's home and loads. */
const homeAndLoads = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(portalHomeQuery), client.prefetchQuery(portalLoadsQuery)])

/** The home page's cards: the loads, the shared documents and the driver's renewals. */
const homeCards = (client: QueryClient) =>
  Promise.all([homeAndLoads(client), client.prefetchQuery(portalDocumentsQuery), client.prefetchQuery(portalRenewalsQuery)])

/**
 * The portal's pages but sign-in (its index and the page of any other path),
 * by route pattern, with the requests each makes first.
 */
export const portalPages: { pattern: string; page: typeof PortalHomePage; data?: (client: QueryClient) => Promise<unknown> }[] = [
  { pattern: portalPatterns.home, page: PortalHomePage, data: homeCards },
  { pattern: portalPatterns.loads, page: PortalLoadsPage, data: homeAndLoads },
  { pattern: portalPatterns.load, page: PortalLoadPage, data: (client) => client.prefetchQuery(portalHomeQuery) },
  { pattern: portalPatterns.invite, page: PortalInvitePage },
]

/** How long a first render waits for the page's answers before it shows the page loading. */
const DATA_WAIT_MS = 1_500

/**
 * Loads the chunk of the portal page at `path` (the browser has it already
 * when the server's hints preloaded it) and, online, the page's first
 * requests (taking the answers the hints preloaded), so that the first render
 * shows the page with its data: one render instead of a fallback, a spinner
 * and the page. Offline the requests wait for the network and the first
 * render shows the saved copy. Never fails: a chunk that does not load is
 * left to the page's Suspense, a request to its query.
 */
export function preloadPortalPage(path: string, client: QueryClient): Promise<void> {
  const within = matchPath(`${routes.driverPortal}/${routePatterns.fleetPortal}`, path)?.params['*'] ?? ''
  const found = portalPages.find(({ pattern }) => matchPath(pattern, `/${within}`))
  const data = found?.data?.(client)
  const answers = data && onlineManager.isOnline() ? Promise.race([data, new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))]) : null
  return Promise.all([(found?.page ?? PortalSignInPage).preload(), answers]).then(
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
