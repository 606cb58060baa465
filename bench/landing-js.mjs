// Loads pages in Chromium, each in a fresh context, and reports the
// JavaScript each fetched: bytes on the wire (gzip, as the server sends them)
// per file and in total.
// Usage: node bench/landing-js.mjs http://127.0.0.1:3290/ [http://127.0.0.1:3290/fleet-signup …]
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const urls = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const pages = [];
for (const url of urls) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    const response = await request.response();
    scripts.push({
      url: new URL(request.url()).pathname,
      encoding: response?.headers()['content-encoding'] ?? 'identity',
      bytes: sizes.responseBodySize,
    });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await context.close();
  pages.push({ url, total_bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts });
}
await browser.close();
console.log(JSON.stringify(pages));
