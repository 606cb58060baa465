// Issue 29 budget: every fleet-dashboard screen is usable within 0.8 s at
// 1280 px and within 1.2 s on a 360 px phone with 4x CPU throttling. Usable:
// the fleet shell shows, the screen's heading is visible and no spinner or
// aria-busy region is left on the page (a list's rows or its empty text are
// in). Each run is a fresh browser context with an empty cache but for the
// session cookie (a bookmark opened cold); time runs from navigation start
// (performance.timeOrigin) to the first animation frame that is usable. The
// /api requests and script chunks of the median run come from Resource Timing.
//
// Usage: node bench/fleet-screens.mjs <base url> <email> <password> <runs> <screens json>
//   screens json: [{"name": "trucks", "path": "/fleet-dashboard/trucks"}, ...]
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium, devices } = require('@playwright/test');
const [base, email, password, runsArg, screensArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
const screens = JSON.parse(screensArg);
if (new URL(base).hostname !== '127.0.0.1') throw new Error('the benchmark talks to 127.0.0.1 only');

const profiles = [
  { name: 'desktop', label: '1280x800', budget: 800, context: { viewport: { width: 1280, height: 800 } }, throttle: 1 },
  {
    name: 'phone',
    label: '360x740, 4x CPU',
    budget: 1200,
    context: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } },
    throttle: 4,
  },
];

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  // Every host name but 127.0.0.1 fails to resolve: the benchmark sends nothing off the machine.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
});

/** In the page: performance.now() once the screen is usable, else false. */
function usable() {
  const visible = (el) => el.checkVisibility();
  const shell = document.querySelector('[data-testid="fleet-shell"]');
  if (!shell || !visible(shell)) return false;
  const heading = document.querySelector('main h1');
  if (!heading || !visible(heading)) return false;
  if ([...document.querySelectorAll('.animate-spin')].some(visible)) return false;
  if ([...document.querySelectorAll('[aria-busy="true"]')].some(visible)) return false;
  return performance.now();
}

/** In the page: the /api requests and the script chunks, ms from navigation start. */
function timeline() {
  const round = (n) => Math.round(n);
  const entries = performance.getEntriesByType('resource');
  const api = entries
    .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
    .map((e) => ({ path: new URL(e.name).pathname + new URL(e.name).search, start: round(e.startTime), end: round(e.responseEnd) }));
  const scripts = entries
    .filter((e) => e.name.endsWith('.js'))
    .map((e) => ({ file: new URL(e.name).pathname.split('/').pop(), start: round(e.startTime), end: round(e.responseEnd) }));
  return { api, scripts };
}

async function measure(profile, screen) {
  const context = await browser.newContext(profile.context);
  try {
    const signIn = await context.request.post(`${base}/api/auth/sign-in`, { data: { email, password } });
    if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
    const page = await context.newPage();
    if (profile.throttle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.throttle });
    }
    await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(usable, null, { polling: 'raf', timeout: 20000 });
    const ms = Math.round(await handle.jsonValue());
    return { ms, ...(await page.evaluate(timeline)) };
  } finally {
    await context.close();
  }
}

const results = [];
for (const profile of profiles) {
  for (const screen of screens) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(profile, screen));
    const sorted = [...samples].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)];
    results.push({
      profile: profile.name,
      viewport: profile.label,
      screen: screen.name,
      path: screen.path,
      runs: samples.map((s) => s.ms),
      median_ms: median.ms,
      budget_ms: profile.budget,
      pass: median.ms <= profile.budget,
      api: median.api,
      scripts: median.scripts,
    });
  }
}
await browser.close();
console.log(JSON.stringify(results));
