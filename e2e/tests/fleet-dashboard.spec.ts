import { expect, test, type Page } from '@playwright/test';
import { format, signIn, texts } from './support';

const f = texts.fleet;
const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };

async function api(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe.configure({ mode: 'serial' });

test('overview: welcome, the three stat cards from the server, fleet status', async ({ page }) => {
  await signIn(page, demo);
  await expect(page).toHaveURL(/\/fleet-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Demo Freight' })).toBeVisible();
  const overview = await api(page, '/api/fleet/overview');
  await expect(page.getByText(`${overview.power_units.active} of 45 active`)).toBeVisible();
  // More active trucks than FMCSA's power units get a note why (issue 29); fewer, none.
  await expect(page.getByTestId('power-units-hint')).toHaveCount(overview.power_units.active > 45 ? 1 : 0);
  await expect(page.getByText(String(overview.drivers_active), { exact: true }).first()).toBeVisible();
  // A fleet with assets: the Fleet Status card sums up its compliance calendar.
  const summary = await api(page, '/api/fleet/compliance/summary');
  const s = texts.compliance.summary;
  await expect(page.getByRole('link', { name: format(s.overdue, { count: summary.overdue }) })).toBeVisible();
  await expect(page.getByRole('link', { name: format(s.dueIn30, { count: summary.due_in30 }) })).toBeVisible();
  await expect(page.getByText(f.setupInProgressText)).toHaveCount(0);
  // The overview cleanup ran on the server: the truck assigned to the inactive driver is inactive now.
  const inactive = await api(page, '/api/fleet/trucks?tab=inactive&q=truck%20142');
  expect(inactive.items[0].assigned_driver_name).toBeNull();
});

test('company profile: three tabs with the FMCSA fallbacks', async ({ page }) => {
  await signIn(page, demo);
  await page.getByRole('link', { name: f.nav.profile }).first().click();
  await expect(page).toHaveURL(/\/fleet-dashboard\/profile$/);
  await expect(page.getByText('1000099').first()).toBeVisible();
  await expect(page.getByText('MC-778899').first()).toBeVisible();
  await page.getByRole('tab', { name: f.profileTabs.authority }).click();
  await expect(page.getByText('$1,000,000')).toBeVisible();
  await page.getByRole('tab', { name: f.profileTabs.fmcsa }).click();
  await expect(page.getByText('Interstate')).toBeVisible();
  await expect(page.getByText('DEMO FREIGHT LINES LLC')).toBeVisible();
});

test('trucks: tabs with counts, search, decommissioned hidden, details and the cleanup notice', async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/trucks');
  await expect(page.getByText(f.trucksTitle)).toBeVisible();
  await expect(page.getByText(f.noEldTitle)).toBeVisible();
  const counts = (await api(page, '/api/fleet/trucks')).counts;
  await expect(page.getByRole('tab', { name: `Active Trucks (${counts.active})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `Inactive Trucks (${counts.inactive})` })).toBeVisible();
  expect(counts.active + counts.inactive).toBe(43); // 44 seeded, one decommissioned

  await page.getByPlaceholder(f.searchTrucks).fill('PETERBILT');
  await expect(page.getByRole('tab', { name: /Active Trucks \(\d+\)/ })).not.toHaveText(`Active Trucks (${counts.active})`);
  const rows = page.getByRole('row').filter({ hasText: 'Peterbilt' });
  await expect(rows.first()).toBeVisible();
  await page.getByPlaceholder(f.searchTrucks).fill('Truck 144');
  await expect(page.getByText(texts.fleet.assets?.noResults ?? 'Nothing matches your search.')).toBeVisible();

  // Truck 143 is assigned in the ELD to a driver the fleet does not have:
  // the seed (like an ELD sync) removed that driver, so it is inactive.
  await page.getByPlaceholder(f.searchTrucks).fill('Truck 143');
  await page.getByRole('tab', { name: /Inactive Trucks \(\d+\)/ }).click();
  // A click on the row opens it.
  await page.getByRole('row').filter({ hasText: 'Truck 143' }).click();
  await expect(page.getByText(f.unrecognizedDriverRemoved)).toBeVisible();
  for (const tab of Object.values(f.truckTabs) as string[]) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByRole('tab', { name: f.truckTabs.driver }).click();
  await expect(page.getByText(f.noDriverAssigned)).toBeVisible();
  await page.getByRole('tab', { name: f.truckTabs.maintenance }).click();
  await expect(page.getByText(f.featureSoon)).toBeVisible();

  // A truck with a synced driver links to the driver's profile.
  // View Details in the first row's menu.
  await page.goto('/fleet-dashboard/trucks');
  await page.getByRole('button', { name: texts.board.postings.actions, exact: true }).first().click();
  await page.getByRole('menuitem', { name: f.viewDetails }).click();
  await page.getByRole('tab', { name: f.truckTabs.driver }).click();
  await page.getByRole('link', { name: f.viewDriverProfile }).click();
  await expect(page).toHaveURL(/\/fleet-dashboard\/drivers\/[0-9a-f-]{36}$/);
  await expect(page.getByText(f.driverInformation)).toBeVisible();
  await expect(page.getByText(/\(615\) 555-\d{4}/).first()).toBeVisible();

  // Missing and foreign ids: the not-found screen.
  await page.goto('/fleet-dashboard/trucks/00000000-0000-0000-0000-000000000000');
  await expect(page.getByText(f.truckNotFoundTitle)).toBeVisible();
  await expect(page.getByText(f.truckNotFoundText)).toBeVisible();
});

test('trailers: columns, fallbacks and dates in the spec formats', async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/trailers');
  await expect(page.getByText(f.trailersTitle)).toBeVisible();
  const counts = (await api(page, '/api/fleet/trailers')).counts;
  await expect(page.getByRole('tab', { name: `Active Trailers (${counts.active})` })).toBeVisible();
  await expect(page.getByText(f.unnamedTrailer).first()).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();
  await page.getByRole('tab', { name: `Inactive Trailers (${counts.inactive})` }).click();
  await expect(page.getByText('Out of Service').first()).toBeVisible();
});

test('drivers: list, add a driver by hand, open, edit and deactivate', async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/drivers');
  await expect(page.getByText(f.noEldTitle)).toBeVisible();
  await page.getByRole('button', { name: f.addDriver }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: f.driverForm.save }).click();
  await expect(dialog.getByText(f.driverForm.nameRequired)).toBeVisible();
  await dialog.getByLabel(f.driverForm.firstName).fill('Zoe');
  await dialog.getByLabel(f.driverForm.lastName).fill('Zimmerman');
  await dialog.getByLabel(f.driverForm.username).fill('zzimmerman');
  await dialog.getByLabel(f.driverForm.phone).fill('6155550123');
  await dialog.getByLabel(f.driverForm.licenseNumber).fill('Z1234567');
  await dialog.getByLabel(f.driverForm.licenseState).fill('TN');
  await dialog.getByRole('button', { name: f.driverForm.save }).click();
  await expect(page.getByText(f.driverForm.added)).toBeVisible();
  await page.getByPlaceholder(f.searchDrivers).fill('zimmerman');
  const row = page.getByRole('row').filter({ hasText: 'Zoe Zimmerman' });
  await expect(row.getByText('(615) 555-0123')).toBeVisible();
  // Enter on the focused row opens it.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Zoe Zimmerman' })).toBeVisible();
  await expect(page.getByText('Z1234567 (TN)')).toBeVisible();
  await page.getByRole('tab', { name: f.driverTabs.vehicles }).click();
  await expect(page.getByText(f.noVehicleAssigned)).toBeVisible();
  await expect(page.getByText(f.noTrailersAssigned)).toBeVisible();
  await page.getByRole('tab', { name: f.driverTabs.documents }).click();
  await expect(page.getByText(texts.documents.emptyTitle)).toBeVisible();
  await page.getByRole('tab', { name: f.driverTabs.profile }).click();
  await page.getByRole('button', { name: f.driverForm.deactivate }).click();
  await page.getByRole('dialog').getByRole('button', { name: f.driverForm.deactivate }).click();
  await expect(page.getByText(f.driverForm.deactivated)).toBeVisible();
});

test('company settings: read-only DOT, branding accent, session timeout rule, portal toggle', async ({ page }) => {
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/company-settings');
  await expect(page.getByText(f.dotReadOnly)).toBeVisible();
  await expect(page.locator('input[readonly]').first()).toHaveValue('1000099');

  await page.getByRole('tab', { name: f.settingsTabs.security }).click();
  await page.getByLabel(f.sessionTimeout).fill('5');
  await page.getByRole('button', { name: f.save }).click();
  await expect(page.getByText(f.sessionTimeoutMin)).toBeVisible();
  await page.getByLabel(f.sessionTimeout).fill('45');
  await page.getByRole('button', { name: f.save }).click();
  await expect(page.getByText(f.securitySaved)).toBeVisible();

  await page.getByRole('tab', { name: f.settingsTabs.branding }).click();
  await page.getByRole('tab', { name: f.brandingTabs.portal }).click();
  await expect(page.getByText(f.portal.loginMethod)).toHaveCount(0);
  await page.getByRole('switch', { name: f.portal.enable }).check();
  await expect(page.getByText(f.portal.loginMethod).first()).toBeVisible();
  await page.getByLabel(f.portal.systemPassword).check();
  await page.getByRole('button', { name: f.portal.save }).click();
  await expect(page.getByText(f.portal.systemPasswordRequiredTitle).first()).toBeVisible();
});

test('the trucks page is usable at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/trucks');
  await expect(page.getByRole('tab', { name: /Active Trucks \(\d+\)/ })).toBeVisible();
  // Each truck is a card: its name, status and View Details, no table to pan sideways.
  const card = page.getByTestId('data-card').first();
  await expect(card.getByRole('link', { name: f.viewDetails })).toBeVisible();
  await expect(page.getByTestId('table-scroll')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/trucks-390.png', fullPage: false });
  await card.getByRole('link', { name: f.viewDetails }).click();
  await expect(page).toHaveURL(/\/fleet-dashboard\/trucks\/[0-9a-f-]{36}$/);
  await page.goto('/fleet-dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Demo Freight' })).toBeVisible();
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(page.getByRole('dialog').getByRole('link', { name: f.nav.drivers })).toBeVisible();
  await page.waitForTimeout(400); // let the sheet finish sliding in
  await page.screenshot({ path: 'test-results/overview-390.png', fullPage: false });
});

test('trailer detail, the settings page, branding accent and the user menu', async ({ page }) => {
  await signIn(page, demo);
  // Trailer detail with its driver and dates.
  await page.goto('/fleet-dashboard/trailers');
  await page.getByPlaceholder(f.searchTrailers).fill('Trailer 501');
  await page.getByRole('row').filter({ hasText: 'Trailer 501' }).click();
  await expect(page.getByRole('heading', { name: 'Trailer 501' })).toBeVisible();
  for (const tab of Object.values(f.trailerTabs) as string[]) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByRole('tab', { name: f.trailerTabs.driver }).click();
  await expect(page.getByText(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/).first()).toBeVisible();
  await page.goto('/fleet-dashboard/trailers/00000000-0000-0000-0000-000000000000');
  await expect(page.getByText(f.trailerNotFoundTitle)).toBeVisible();

  // The separate Settings page: three 'coming soon' tabs.
  await page.goto('/fleet-dashboard/settings');
  for (const tab of Object.values(f.settingsPageTabs) as string[]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByText(f.settingsComingSoon).first()).toBeVisible();
  }

  // Branding: an invalid colour is refused; a valid one becomes the accent.
  await page.goto('/fleet-dashboard/company-settings');
  await page.getByRole('tab', { name: f.settingsTabs.branding }).click();
  await page.getByLabel(f.primaryColor, { exact: true }).fill('blue');
  await page.getByRole('button', { name: f.save }).click();
  await expect(page.getByText(f.colorInvalid).first()).toBeVisible();
  await page.getByLabel(f.primaryColor, { exact: true }).fill('#0A7F5A');
  await page.getByRole('button', { name: f.save }).click();
  await expect(page.getByText(f.brandingSaved)).toBeVisible();
  await page.goto('/fleet-dashboard/trucks');
  const accent = await page.getByRole('tab', { name: /Active Trucks/ }).evaluate((el) =>
    getComputedStyle(el).getPropertyValue('--color-primary').trim().toUpperCase());
  expect(accent).toBe('#0A7F5A');

  // The user menu: sign out returns to the home page.
  await page.getByRole('button', { name: texts.fleet.shell.userMenu }).click();
  await page.getByRole('menuitem', { name: f.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a fleet admin without a fleet account (pending approval) is sent to the pending-approval page', async ({ page }) => {
  await signIn(page, { email: 'pending@acme.test', password: 'secret123' });
  await page.goto('/fleet-dashboard');
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByText(f.notFoundTitle)).toHaveCount(0);
});
