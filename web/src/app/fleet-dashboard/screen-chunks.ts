import { lazyScreen } from '@/lib/lazy-screen'
import { fleetPatterns as p, routes } from '@/lib/routes'

// The fleet-dashboard screens that are chunks of their own, fetched once
// whichever asks first: their routes (documents-routes.tsx,
// compliance-route.tsx, postings-routes.tsx, dispatch-route.tsx), the route's data preloader
// (screen-data.ts) or a cold start (preloadScreen).
export const DocumentsPage = lazyScreen(() => import('@/features/documents/documents-page'))
export const CompliancePage = lazyScreen(() => import('@/features/compliance/compliance-page'))
export const MyPostingsPage = lazyScreen(() => import('@/features/postings/my-postings-page'))
export const LoadsPage = lazyScreen(() => import('@/features/loads/loads-page'))
export const NewLoadPage = lazyScreen(() => import('@/features/loads/new-load-page'))
export const LoadPage = lazyScreen(() => import('@/features/loads/load-page'))
export const EditLoadPage = lazyScreen(() => import('@/features/loads/edit-load-page'))
export const LoadDocuments = lazyScreen(() => import('@/features/documents/load-documents'))
export const FleetTendersPanel = lazyScreen(() => import('@/features/tenders/fleet-tenders-panel'))
export const DispatchPage = lazyScreen(() => import('@/features/loads/dispatch/dispatch-page'))

/**
 * Loads the chunk of the screen `path` opens when it has one of its own, for
 * app-routes.tsx to await before the dashboard first renders (lib/lazy-screen.ts).
 */
export function preloadScreen(path: string): Promise<unknown> {
  const screen = path.slice(routes.fleetDashboard.length + 1)
  if (screen.startsWith(`${p.loads}/`)) {
    return (screen === p.loadNew ? NewLoadPage : screen.endsWith('/edit') ? EditLoadPage : LoadPage).preload()
  }
  const own = {
    [p.documents]: DocumentsPage,
    [p.compliance]: CompliancePage,
    [p.postings]: MyPostingsPage,
    [p.loads]: LoadsPage,
    [p.dispatch]: DispatchPage,
  }[screen]
  return own ? own.preload() : Promise.resolve()
}
