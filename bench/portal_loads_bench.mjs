// Issue 32 budgets for the driver portal's Loads screen, measured in Debian's
// Chromium at 360 px with 4x CPU throttling:
//   1. usable ≤ 1.5 s on "Slow 4G" (Lighthouse's: 150 ms RTT, 1.6 Mbps down,
//      750 kbps up), a fresh browser with only the driver's session cookie;
//   2. usable ≤ 0.5 s offline, from the service worker and the saved copy,
//      once that first visit has installed them;
//   3. the JavaScript that screen loads ≤ 80 kB gzip.
// "Usable" is when `--selector` is visible, timed as Lighthouse times its
// metrics: from the navigation's start, by the page's own clock, in the
// animation frame that paints it (so neither Playwright's round trips, nor
// its polling, nor the unloading of the page before a reload count). The wall-clock time from the
// driver's `goto`/`reload` call is printed beside it. Script sizes are read
// after the screen is usable, so fetching them cannot slow the page measured.
// Each run is a new browser context.
//
// Usage:
//   node bench/portal_loads_bench.mjs --base http://127.0.0.1:4917 --selector 'CSS' \
//     (--demo | --fleet ID --login NAME --password PW) [--path /driver-portal/{fleet}/loads] [--runs 3]
// --demo: a `longhaul seed-demo` database — signs in as its fleet admin, turns the driver
// portal on with a shared password and picks a driver with a truck. --path may hold {fleet};
// it defaults to the portal's home (/driver-portal/{fleet}/home).
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const require = createRequire(new URL('../e2e/package.json', import.meta.url))
const { chromium, devices, request: apiRequest } = require('@playwright/test')

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const flag = (name) => process.argv.includes(`--${name}`)
const base = arg('base', 'http://127.0.0.1:3000')
const selector = arg('selector')
const runs = Number(arg('runs', 3))
if (!selector) throw new Error('--selector is required (what is visible when the screen is usable)')

const BUDGET = { online_ms: 1500, offline_ms: 500, js_kb: 80 }
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

/** The demo fleet's portal, opened with a shared password, and one of its drivers. */
async function demoDriver() {
  const api = await apiRequest.newContext({ baseURL: base })
  const signIn = await api.post('/api/auth/sign-in', { data: { email: 'demo@longhaul.test', password: 'demo-fleet-1' } })
  if (!signIn.ok()) throw new Error(`demo admin sign-in: ${signIn.status()} ${await signIn.text()}`)
  const headers = { 'x-csrf-token': (await signIn.json()).csrf_token }
  const password = 'Bench-portal-1'
  const portal = await api.put('/api/fleet/settings/portal', {
    headers,
    data: { is_enabled: true, login_method: 'username', auth_type: 'system_password', system_password: password },
  })
  if (!portal.ok()) throw new Error(`portal settings: ${portal.status()} ${await portal.text()}`)
  const fleet = (await (await api.get('/api/fleet/portal/link')).json()).url.split('/').pop()
  const trucks = (await (await api.get('/api/fleet/trucks?per_page=50')).json()).items
  const drivers = (await (await api.get('/api/fleet/drivers?per_page=200')).json()).items
  const assigned = new Set(trucks.map((t) => t.assigned_driver_id).filter(Boolean))
  const driver = drivers.find((d) => assigned.has(d.id) && d.username) ?? drivers.find((d) => d.username)
  await api.dispose()
  return { fleet, login: driver.username, password }
}

const who = flag('demo') ? await demoDriver() : { fleet: arg('fleet'), login: arg('login'), password: arg('password') }
if (!who.fleet || !who.login || !who.password) throw new Error('--demo, or --fleet, --login and --password')
const path = (arg('path') ?? '/driver-portal/{fleet}/home').replace('{fleet}', who.fleet)
const url = new URL(path, base).href

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
const phone = { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } }

/**
 * In each document: a promise of the navigation-relative time of the frame
 * that first paints `selector` visible. Watched by the page itself, so the
 * bench adds no polling (nor Playwright's injected script) to the main thread
 * it measures.
 */
function watchUsable(selector) {
  let painted
  window.__usable = new Promise((resolve) => (painted = resolve))
  const visible = () =>
    [...document.querySelectorAll(selector)].some((el) => el.checkVisibility() && el.getBoundingClientRect().height > 0)
  const observer = new MutationObserver(() => {
    if (!visible()) return
    observer.disconnect()
    requestAnimationFrame(() => painted(performance.now()))
  })
  observer.observe(document, { childList: true, subtree: true })
}

/** [navigation-relative ms, wall-clock ms from the call] until `selector` is painted visible. */
async function timeToUsable(page, load) {
  const start = Date.now()
  await load()
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`${selector} not visible in 30 s`)), 30_000))
  const paintedAt = await Promise.race([page.evaluate(() => window.__usable), timeout])
  return [Math.round(paintedAt), Date.now() - start]
}

const results = []
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext(phone)
  const signIn = await context.request.post(`${base}/api/portal/${who.fleet}/sign-in`, {
    data: { login: who.login, password: who.password },
  })
  if (!signIn.ok()) throw new Error(`driver sign-in: ${signIn.status()} ${await signIn.text()}`)
  const page = await context.newPage()
  await page.addInitScript(watchUsable, selector)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G)

  const [online, onlineWall] = await timeToUsable(page, () => page.goto(url, { waitUntil: 'commit' }))
  // The JavaScript the screen asked for until the frame that painted it usable
  // (the page's own resource timing; what it loads when idle afterwards does
  // not count), gzip at zlib's default level, as check-bundle counts.
  const scripts = await page.evaluate(
    (usableAt) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= usableAt && new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.name),
    online,
  )
  let jsBytes = 0
  for (const script of scripts) jsBytes += gzipSync(await (await context.request.get(script)).body()).length
  const jsKb = jsBytes / 1000

  // The service worker installs after the page has loaded; the copy is saved within a second.
  await cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  const sw = await page
    .evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]),
    )
    .catch(() => false)
  await page.waitForTimeout(1_500)

  // Offline: the network is gone for the page and its service worker alike.
  await context.setOffline(true)
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  const [offline, offlineWall] = await timeToUsable(page, () => page.reload({ waitUntil: 'commit' })).catch(() => [null, null])
  const banner = offline !== null && (await page.getByText(/^Offline — showing the copy from/).isVisible())
  if (run === 0 && process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT, fullPage: true })
  results.push({ online, onlineWall, offline, offlineWall, jsKb, scripts: scripts.length, sw, banner })
  await context.close()
}
await browser.close()

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null
}
const row = (cells) => console.log(cells.map((c, i) => String(c).padEnd(i === 0 ? 44 : 12)).join(''))
console.log(`\n${url}  (selector ${selector}; driver ${who.login})`)
console.log('Chromium 360x740, CPU 4x; online = Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), fresh context\n')
row(['measure', ...results.map((_, i) => `run ${i + 1}`), 'median', 'budget', 'pass'])
const onlineMedian = median(results.map((r) => r.online))
const offlineMedian = median(results.map((r) => r.offline))
const jsMedian = median(results.map((r) => r.jsKb))
row(['usable, online Slow 4G (ms)', ...results.map((r) => r.online), onlineMedian, BUDGET.online_ms, onlineMedian <= BUDGET.online_ms])
row([
  'usable, offline from the service worker (ms)',
  ...results.map((r) => r.offline ?? 'failed'),
  offlineMedian ?? 'failed',
  BUDGET.offline_ms,
  offlineMedian !== null && offlineMedian <= BUDGET.offline_ms,
])
row(['  wall clock from goto (ms)', ...results.map((r) => r.onlineWall), median(results.map((r) => r.onlineWall)), '', ''])
row(['  wall clock from reload (ms)', ...results.map((r) => r.offlineWall ?? 'failed'), median(results.map((r) => r.offlineWall)) ?? '', '', ''])
row(['JS for the screen (kB gzip)', ...results.map((r) => r.jsKb.toFixed(1)), jsMedian.toFixed(1), BUDGET.js_kb, jsMedian <= BUDGET.js_kb])
row(['JS files', ...results.map((r) => r.scripts), '', '', ''])
row(['service worker ready / offline banner', ...results.map((r) => `${r.sw ? 'yes' : 'no'}/${r.banner ? 'yes' : 'no'}`), '', '', ''])

const passed =
  onlineMedian <= BUDGET.online_ms && offlineMedian !== null && offlineMedian <= BUDGET.offline_ms && jsMedian <= BUDGET.js_kb
if (!passed) process.exitCode = 1
