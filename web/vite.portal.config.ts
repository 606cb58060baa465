import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { PORTAL_HTML, portalPrecache } from './build/portal-precache'
import { routePreloads, type RoutePreload } from './build/route-preloads'
import { textsSections } from './build/texts-sections'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// A portal page's first screen and the requests it makes before it shows
// anything, hinted in the portal.html the server answers it with (spa.rs,
// decision 030). Paths are within /driver-portal/{fleet}; `{fleet}` in a
// request stands for the fleet's id.
const me = '/api/portal/me'
const page = (name: string) => `src/features/driver-portal/${name}.tsx`
const portalRoutes: RoutePreload[] = [
  { path: '/', modules: [page('portal-sign-in-page')], fetch: ['/api/portal/{fleet}/config'] },
  {
    path: '/home',
    modules: [page('portal-home-page')],
    fetch: [me, '/api/portal/loads', '/api/portal/documents', '/api/portal/renewals'],
  },
  // The Loads page is in the entry's chunk (portal-main.tsx).
  { path: '/loads', modules: [], fetch: [me], fetchUnfiltered: ['/api/portal/loads'] },
  { path: '/loads/*', modules: [page('loads/portal-load-page')], fetch: [me] },
  { path: '/invite', modules: [page('portal-invite-page')] },
]

// The portal's service worker (decision 045): it controls /driver-portal/ only
// (registered there, features/driver-portal/offline/service-worker.ts),
// precaches this build, answers a portal page with the precached portal.html
// when the network does not, and never touches /api.
const portalServiceWorker = VitePWA({
  strategies: 'generateSW',
  filename: 'portal-sw.js',
  injectRegister: false,
  // Each fleet's manifest is made by its portal (offline/web-manifest.ts).
  manifest: false,
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    manifestTransforms: [
      portalPrecache(here('./dist/portal-manifest.json'), (url) => url === 'favicon.svg' || url.startsWith('icons/portal-')),
    ],
    // A new worker takes over at once; pages come from the network first, so
    // it only changes what an offline phone is shown, which is then the new version.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigateFallback: null,
    runtimeCaching: [
      {
        // A portal page: the server's (fresh, with its hints), else the precached portal.html.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/driver-portal/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: `/${PORTAL_HTML}` } },
      },
    ],
  },
})

/**
 * The driver portal's own build (decision 048): portal.html and its chunks on
 * Preact's React-compatible API, so the Loads screen a driver opens on a weak
 * network loads a fraction of the app's JavaScript. Run after the app's build
 * (vite.config.ts), beside it in dist/.
 */
export default defineConfig({
  plugins: [
    textsSections(here('../contracts/texts.json')),
    react(),
    tailwindcss(),
    routePreloads(portalRoutes, 'portal-preloads.json'),
    ...(process.env.VITEST ? [] : [portalServiceWorker]),
  ],
  resolve: {
    alias: [
      { find: '@contracts', replacement: here('../contracts') },
      { find: '@', replacement: here('./src') },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  // The app's build has copied public/ into dist/ already.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    manifest: 'portal-manifest.json',
    rollupOptions: { input: here('./portal.html') },
  },
})
