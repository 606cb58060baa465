import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { configDefaults } from 'vitest/config'
import { areaCopies } from './build/area-copies'
import { importerPreloads } from './build/importer-preloads'
import { PORTAL_SHELL, portalPrecache, portalShell } from './build/portal-precache'
import { routePreloads, type RoutePreload } from './build/route-preloads'
import { textsSections } from './build/texts-sections'

const preloads = importerPreloads()

/** Test files that replace a module with vi.mock(): they run with modules of their own. */
const src = fileURLToPath(new URL('./src', import.meta.url))
const mockingTests = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(`${src}/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file}`)

// The routes a user opens cold (a bookmark, a link in an e-mail): what their
// first screen loads lazily and the session it waits for, hinted in the HTML
// the server answers them with (build/route-preloads.ts, decision 030).
const session = ['/api/auth/session']
// The fleet shell's own requests (the account, the inbox and bell counts, the billing state).
const fleetShell = [...session, '/api/fleet/account', '/api/fleet/inbox/unread', '/api/fleet/notifications', '/api/fleet/billing/state']
const shell = 'src/app/app-shell.tsx'
const fleet = [shell, 'src/app/fleet-dashboard/fleet-dashboard-route.tsx']
const firstPage = 'q=&tab=active&page=1&per_page=50'
/** A fleet screen: the dashboard's chunks, its own, the shell's data and its own unfiltered data. */
const fleetScreen = (path: string, data: string[], own?: string): RoutePreload => ({
  path: `/fleet-dashboard${path}`,
  modules: own ? [...fleet, own] : fleet,
  fetch: fleetShell,
  fetchUnfiltered: data,
})
const coldRoutes: RoutePreload[] = [
  fleetScreen('', ['/api/fleet/overview', '/api/fleet/compliance/summary', '/api/fleet/fmcsa/alerts']),
  fleetScreen('/loads', ['/api/fleet/loads?page=1&per_page=25'], 'src/features/loads/loads-page.tsx'),
  fleetScreen('/trucks', [`/api/fleet/trucks?${firstPage}`, '/api/fleet/eld']),
  fleetScreen('/trailers', [`/api/fleet/trailers?${firstPage}`, '/api/fleet/eld']),
  fleetScreen('/drivers', [`/api/fleet/drivers?${firstPage}`, '/api/fleet/eld']),
  fleetScreen(
    '/documents',
    ['/api/fleet/documents?tab=all&page=1&per_page=50', '/api/fleet/renewals'],
    'src/features/documents/documents-page.tsx',
  ),
  fleetScreen('/compliance', ['/api/fleet/compliance/calendar'], 'src/features/compliance/compliance-page.tsx'),
  fleetScreen('/postings', ['/api/fleet/postings?status=active'], 'src/features/postings/my-postings-page.tsx'),
  fleetScreen('/dispatch', ['/api/fleet/dispatch?days=7', '/api/fleet/customers'], 'src/features/loads/dispatch/dispatch-page.tsx'),
  fleetScreen('/inbox', ['/api/fleet/inbox']),
  fleetScreen('/billing', ['/api/fleet/billing']),
  { path: '/dashboard', modules: [shell, 'src/app/dashboard-route.tsx'], fetch: session },
  { path: '/driver-portal', modules: [shell, 'src/features/driver-portal/driver-portal-page.tsx'], fetch: session },
]

// The public pages (before a user has a dashboard) keep their own copy of the
// form libraries, so a dashboard's use of them cannot grow the signup pages'
// 50 kB budget (build/area-copies.ts, decision 033).
const publicPages = ['auth', 'landing', 'legal', 'not-found', 'pricing', 'signup', 'subscription-success', 'test-checkout']
const publicDirs = publicPages.map((name) => fileURLToPath(new URL(`./src/features/${name}/`, import.meta.url)))

// The driver portal's service worker (decision 045): it controls /driver-portal/ only
// (registered there, features/driver-portal/offline/service-worker.ts), precaches
// the portal's shell and chunks, answers a portal page with the precached
// index.html when the network does not, and never touches /api.
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
      portalPrecache(
        fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url)),
        { shell: ['src/app/app-shell.tsx'], portal: ['src/features/driver-portal/driver-portal-page.tsx'] },
        (url) => url === 'favicon.svg' || url.startsWith('icons/portal-'),
      ),
    ],
    // A new worker takes over at once; pages come from the network first, so
    // it only changes what an offline phone is shown, which is then the new version.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigateFallback: null,
    runtimeCaching: [
      {
        // A portal page: the server's (fresh, with its preload hints), else the precached shell.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/driver-portal/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: `/${PORTAL_SHELL}` } },
      },
      {
        // A hashed chunk the precache does not hold (one a portal screen shares with the rest of the app).
        urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'portal-assets', expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 } },
      },
    ],
  },
})

const backend = process.env.LONGHAUL_BACKEND_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [
    areaCopies({ publicDirs, packages: ['zod', 'react-hook-form', '@hookform/resolvers'] }),
    textsSections(fileURLToPath(new URL('../contracts/texts.json', import.meta.url))),
    react(),
    tailwindcss(),
    preloads.plugin,
    routePreloads(coldRoutes),
    portalShell(),
    // Vitest builds nothing (and the plugin would clear dist/ of its worker).
    ...(process.env.VITEST ? [] : [portalServiceWorker]),
  ],
  resolve: {
    alias: {
      '@contracts': fileURLToPath(new URL('../contracts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    // contracts/ lives one level up and is imported by the app.
    fs: { allow: ['..'] },
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/dev': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by scripts/check-bundle.mjs to sum the landing page's JavaScript.
    manifest: true,
    modulePreload: preloads.modulePreload,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // userEvent typing through a whole form in jsdom takes seconds on CI's two
    // busy cores: the 5 s default failed such a test when a build ran beside it.
    testTimeout: 15_000,
    // Both cores run test files (Vitest's default leaves one to its own
    // process, which here only transforms a few files).
    maxWorkers: 2,
    // Test files share a worker's modules and jsdom instead of loading React,
    // Radix and jsdom again for each of the ~90 files: 190 s → about 60 s on
    // CI's two cores. A file that replaces a module with vi.mock() needs a
    // module graph of its own, so those run isolated (decision 031).
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...mockingTests] } },
      { extends: true, test: { name: 'isolated', include: mockingTests.length ? mockingTests : ['no-such-file'] } },
    ],
  },
})
