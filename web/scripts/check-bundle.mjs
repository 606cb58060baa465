// Sums gzipped JavaScript from the Vite manifest and enforces two budgets:
//
// 1. The landing page (/): the entry chunk, the landing route's lazy chunk and
//    every chunk they import statically. Budget 100 kB.
// 2. Each signup page (/fleet-signup, /subscription-success): the chunks
//    reachable from the entry, the lazily loaded app shell and the page's own
//    route chunk, minus those the landing page already loads. Budget 50 kB.
//
// 3. The driver portal's Loads screen (/driver-portal/{fleet}/loads), a build
//    of its own (vite.portal.config.ts): its entry (which holds the Loads page)
//    and every chunk it imports statically. Budget 80 kB (issue 32; the bench
//    bench/portal_loads_bench.mjs measures what a phone loads).
//
// Fails when a total exceeds its budget, or when the public pages load the
// dashboards' instance of a library they have a copy of (build/area-copies.ts:
// what a dashboard calls in it would count against these budgets). Run after
// `vite build`. Sizes are in kB (1000 bytes) at zlib's default level, as
// `vite build` prints them.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const LANDING_BUDGET_KB = 100
const SIGNUP_BUDGET_KB = 50
const PORTAL_LOADS_BUDGET_KB = 80
const SIGNUP_PAGES = [
  { route: '/fleet-signup', module: 'features/signup/fleet-signup-page.tsx' },
  { route: '/subscription-success', module: 'features/subscription-success/subscription-success-page.tsx' },
]

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'))
const areaCopies = JSON.parse(readFileSync('dist/.vite/area-copies.json', 'utf8'))
const PUBLIC_COPY = '?area=public'

const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix))
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const landingKey = keyOf('features/landing/landing-page.tsx')
const shellKey = keyOf('app/app-shell.tsx')
if (!entryKey || !landingKey || !shellKey) {
  console.error('check:bundle: entry, landing or app-shell chunk missing from dist/.vite/manifest.json')
  process.exit(1)
}

/** The files of `keys` and of every chunk they import statically (in `manifest`, the app's by default). */
function reachableIn(manifest, ...keys) {
  const files = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}
const reachable = (...keys) => reachableIn(manifest, ...keys)

const sizes = new Map()
const gzipSize = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(`dist/${file}`)).length)
  return sizes.get(file)
}

/** Prints the files and returns their total in kB. */
function report(files) {
  let total = 0
  for (const file of [...files].sort()) {
    const size = gzipSize(file)
    total += size
    console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`)
  }
  return total / 1000
}

let failed = false

const landingFiles = reachable(entryKey, landingKey)
const landingKb = report(landingFiles)
console.log(`landing page JavaScript: ${landingKb.toFixed(2)} kB gzip (budget ${LANDING_BUDGET_KB} kB)`)
if (landingKb > LANDING_BUDGET_KB) failed = true

for (const page of SIGNUP_PAGES) {
  const pageKey = keyOf(page.module)
  if (!pageKey) {
    console.error(`check:bundle: ${page.module} missing from dist/.vite/manifest.json`)
    process.exit(1)
  }
  const extra = [...reachable(entryKey, shellKey, pageKey)].filter((file) => !landingFiles.has(file))
  console.log('')
  const extraKb = report(extra)
  console.log(
    `${page.route} JavaScript beyond the landing page: ${extraKb.toFixed(2)} kB gzip (budget ${SIGNUP_BUDGET_KB} kB)`,
  )
  if (extraKb > SIGNUP_BUDGET_KB) failed = true
}

// The public pages' chunks hold library modules only as their own copies, and they do hold some.
const publicFiles = new Set(landingFiles)
for (const page of SIGNUP_PAGES) reachable(entryKey, shellKey, keyOf(page.module)).forEach((file) => publicFiles.add(file))
const publicModules = [...publicFiles].flatMap((file) => areaCopies[file] ?? [])
const shared = publicModules.filter((id) => !id.endsWith(PUBLIC_COPY))
console.log('')
if (shared.length) {
  console.error(`check:bundle: the public pages load the dashboards' copy of ${shared.join(', ')} (build/area-copies.ts)`)
  failed = true
} else if (!publicModules.length) {
  console.error('check:bundle: the public pages load no copy of their own of any library (build/area-copies.ts not applied?)')
  failed = true
} else {
  console.log(`public pages: ${publicModules.length} library modules, all their own copies`)
}

const portal = JSON.parse(readFileSync('dist/portal-manifest.json', 'utf8'))
const portalEntry = Object.keys(portal).find((key) => portal[key].isEntry)
const loadsPage = Object.keys(portal).find((key) => key.endsWith('features/driver-portal/loads/portal-loads-page.tsx'))
if (!portalEntry) {
  console.error('check:bundle: the portal entry is missing from dist/portal-manifest.json')
  process.exit(1)
}
console.log('')
// No chunk of its own when the entry holds the Loads page (portal-main.tsx).
const portalKb = report(reachableIn(portal, portalEntry, ...(loadsPage ? [loadsPage] : [])))
console.log(`driver portal Loads screen JavaScript: ${portalKb.toFixed(2)} kB gzip (budget ${PORTAL_LOADS_BUDGET_KB} kB)`)
if (portalKb > PORTAL_LOADS_BUDGET_KB) failed = true

if (failed) {
  console.error('check:bundle: failed')
  process.exit(1)
}
