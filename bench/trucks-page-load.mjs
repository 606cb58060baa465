// Time from navigation to a usable trucks page (first table row visible) in
// Chromium, signed in as the benchmark fleet's admin.
// Usage: node bench/trucks-page-load.mjs http://127.0.0.1:3292 email password [runs]
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const [base, email, password, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const context = await browser.newContext();
const signIn = await context.request.post(`${base}/api/auth/sign-in`, { data: { email, password } });
if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
const times = [];
for (let i = 0; i < runs + 1; i++) {
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(`${base}/fleet-dashboard/trucks`);
  await page.getByRole('row').nth(1).waitFor({ state: 'visible', timeout: 15000 });
  const elapsed = Date.now() - start;
  if (i > 0) times.push(elapsed); // the first run warms the browser's cache
  await page.close();
}
await browser.close();
times.sort((a, b) => a - b);
console.log(JSON.stringify({ runs: times, median_ms: times[Math.floor(times.length / 2)], max_ms: times[times.length - 1] }));
