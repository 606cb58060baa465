import { expect } from '@playwright/test';
import { settled, test, users } from './support';

// The server opens a cold fleet screen with hints for the requests the screen
// starts first (decision 030). A hint that is not the app's URL to the byte
// costs a request and saves nothing: the app asks again. Each hinted request
// must therefore be the only request to its path.

const screens = [
  '/fleet-dashboard',
  '/fleet-dashboard/trucks',
  '/fleet-dashboard/trailers',
  '/fleet-dashboard/drivers',
  '/fleet-dashboard/documents',
  '/fleet-dashboard/compliance',
  '/fleet-dashboard/postings',
  '/fleet-dashboard/loads',
  '/fleet-dashboard/inbox',
  '/fleet-dashboard/dispatch',
  // Filtered: the list's own data is not hinted, the shell's is.
  '/fleet-dashboard/trucks?tab=inactive',
];

test('a cold fleet screen asks once for each request the page hinted', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/sign-in', { data: users.fleetAdmin });
  expect(signIn.status()).toBe(200);
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search);
  });
  for (const path of screens) {
    requested.length = 0;
    await page.goto(path);
    await expect(page.getByTestId('fleet-shell')).toBeVisible();
    await expect(page.locator('main h1')).toBeVisible();
    await settled(page);
    const hinted = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) =>
      links.map((link) => {
        const url = new URL((link as HTMLLinkElement).href);
        return url.pathname + url.search;
      }),
    );
    expect(hinted, `${path} hints the session`).toContain('/api/auth/session');
    for (const href of hinted) {
      const samePath = requested.filter((url) => url.split('?')[0] === href.split('?')[0]);
      expect(samePath, `${path}: requests to the path of the hint ${href}`).toEqual([href]);
    }
    if (path.includes('?')) expect(hinted.filter((href) => href.startsWith('/api/fleet/trucks'))).toEqual([]);
  }
});
