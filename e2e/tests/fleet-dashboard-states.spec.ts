import { expect, test } from '@playwright/test';
import { signIn, texts } from './support';

// What a fleet admin sees at the edges: signing out, a path with no screen,
// a trailer out of service, unnamed trailers, and searching drivers as shown.
const f = texts.fleet;
const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };

test("signing out from the fleet dashboard says 'Signed out' on the landing page", async ({ page }) => {
  await signIn(page, demo);
  await expect(page).toHaveURL(/\/fleet-dashboard$/);
  await page.getByRole('button', { name: f.shell.userMenu }).click();
  await page.getByRole('menuitem', { name: f.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(texts.auth.signedOutTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(texts.auth.signedOutDescription)).toBeVisible();
  // Signed out for real, and the toast shows once.
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(texts.auth.signedOutTitle, { exact: true })).toHaveCount(0);
});

test('a fleet-dashboard path with no screen shows the not-found page, no menu item current', async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/trucks/abc/extra');
  await expect(page.getByText(texts.notFound.message)).toBeVisible();
  await expect(page.getByText(f.fleetStatus)).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: f.shell.navLabel });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  await page.getByRole('link', { name: f.shell.backToOverview }).click();
  await expect(page).toHaveURL(/\/fleet-dashboard$/);
  await expect(nav.getByRole('link', { name: f.nav.overview })).toHaveAttribute('aria-current', 'page');
});

test("trailers: 'Out of Service' in words, unnamed trailers after the named ones", async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/trailers');
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('Trailer 501');
  await expect(rows.last()).toContainText(f.unnamedTrailer);
  const firstUnnamed = await rows.evaluateAll(
    (all, unnamed) => all.findIndex((row) => row.textContent?.includes(unnamed)),
    f.unnamedTrailer,
  );
  const count = await rows.count();
  for (let i = firstUnnamed; i < count; i++) await expect(rows.nth(i)).toContainText(f.unnamedTrailer);
  await page.getByRole('tab', { name: /Inactive Trailers/ }).click();
  await expect(page.getByText('Out of Service').first()).toBeVisible();
  await expect(page.getByText('Out_of_service')).toHaveCount(0);
});

test('drivers search finds the full name and the phone as displayed', async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/drivers');
  const search = page.getByPlaceholder(f.searchDrivers);
  await search.fill('james johnson');
  await expect(page.getByRole('row').filter({ hasText: 'James Johnson' }).first()).toBeVisible();
  await expect(page.getByText(f.assets.noMatches)).toHaveCount(0);
  await search.fill('(615) 555-0007');
  const row = page.getByRole('row').filter({ hasText: '(615) 555-0007' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('tab', { name: f.activeDriversTab.replace('{n}', '1') })).toBeVisible();
});
