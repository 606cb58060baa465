/** The portal's service worker (vite.config.ts, VitePWA): built only for production. */
export const PORTAL_SW_URL = '/portal-sw.js'
/** It controls the portal's pages only: the rest of the app never goes through it. */
export const PORTAL_SW_SCOPE = '/driver-portal/'

const HOUR = 60 * 60 * 1000

/**
 * Registers the service worker once the page has loaded and the browser is
 * idle, so its precache does not compete with the first screen, and asks for
 * a new version whenever the app comes back to the foreground (at most hourly).
 * A new version takes over at once (skipWaiting): pages are always fetched
 * from the network first, so it only decides what the phone shows offline.
 */
export function registerPortalServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  let lastCheck = Date.now()
  const register = () => {
    navigator.serviceWorker
      .register(PORTAL_SW_URL, { scope: PORTAL_SW_SCOPE })
      .then((registration) => {
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState !== 'visible' || Date.now() - lastCheck < HOUR) return
          lastCheck = Date.now()
          void registration.update().catch(() => undefined)
        })
      })
      .catch(() => undefined)
  }
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
