import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { configDefaults } from 'vitest/config'
import { areaCopies } from './build/area-copies'
import { importerPreloads } from './build/importer-preloads'
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

const backend = process.env.LONGHAUL_BACKEND_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [
    areaCopies({ publicDirs, packages: ['zod', 'react-hook-form', '@hookform/resolvers'] }),
    textsSections(fileURLToPath(new URL('../contracts/texts.json', import.meta.url))),
    react(),
    tailwindcss(),
    preloads.plugin,
    routePreloads(coldRoutes),
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
