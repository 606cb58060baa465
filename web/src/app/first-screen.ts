import { lazyScreen } from '@/lib/lazy-screen'
import { routes } from '@/lib/routes'

// The landing page renders on its own; everything else (TanStack Query, the
// toaster, the guarded screens) lives in the lazily loaded app shell, which
// keeps the landing page's JavaScript under the 100 KB gzip budget.
export const LandingPage = lazyScreen(() => import('@/features/landing/landing-page'))
export const AppShell = lazyScreen(() => import('./app-shell'))

/**
 * Loads the screens `path` opens first, so that React's first render shows
 * them instead of a fallback (lib/lazy-screen.ts). Never fails: a chunk that
 * does not load is left to the screen's own Suspense and error handling.
 */
export function preloadFirstScreen(path: string): Promise<void> {
  // The shell's chunk holds the table of its screens (shell-screens.ts), out of the landing page's budget.
  const loading =
    path === routes.home
      ? LandingPage.preload()
      : Promise.all([AppShell.preload(), import('./shell-screens').then(({ preloadScreen }) => preloadScreen(path))])
  return loading.then(
    () => undefined,
    () => undefined,
  )
}
