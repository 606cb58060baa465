import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { format, pattern, settled, signIn, specToast, test, texts, users } from './support';

// A fleet admin of a fresh fleet (no assets, no ELD) connects the offline demo
// provider in Company Settings › ELD Integration, then fills the Drivers,
// Trucks and Trailers lists with their sync buttons: progress while a run
// goes, the spec's success toast with the count, the list, and the run in
// Sync History. Only this spec signs in as that fleet, so no other spec's data
// changes. ELD_SHOTS=<dir> also saves screenshots of each ELD screen.

const e = texts.eld;
const f = texts.fleet;
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

type SyncKind = 'drivers' | 'trucks' | 'trailers';
interface SyncRun {
  id: string;
  kind: string;
  status: string;
  synced: number;
  created: number;
  updated: number;
  deactivated: number;
  pages_fetched: number;
  rows_written: number;
  assignments_updated: number | null;
  warning: string | null;
}

const RUN_URL = /\/api\/fleet\/eld\/syncs\/[0-9a-f-]{36}$/;

async function shot(page: Page, name: string) {
  const dir = process.env.ELD_SHOTS;
  if (!dir) return;
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: `${dir}/${width}-${name}.png`, fullPage: true });
}

/** The page is no wider than the window (nothing pans sideways). */
async function expectFits(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/** `element` is wholly inside every ancestor that clips (a table's scroll box, the card). */
async function expectUnclipped(element: Locator, what: string) {
  await expect(element).toBeVisible();
  const clippedBy = await element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (let node = el.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX === 'visible') continue;
      const r = node.getBoundingClientRect();
      if (box.left < r.left - 0.5 || box.right > r.right + 0.5) return node.className || node.tagName;
    }
    return null;
  });
  expect(clippedBy, `${what} is cut off by`).toBeNull();
}

async function openEldTab(page: Page, subTab: string) {
  await page.goto('/fleet-dashboard/company-settings');
  await page.getByRole('tab', { name: f.settingsTabs.eld }).click();
  const tab = page.getByRole('tab', { name: subTab, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('data-state', 'active');
}

/** The cell of `row` under the column headed `column` in the same table. */
async function cell(table: Locator, row: Locator, column: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((header) => header.trim() === column);
  expect(index, `column ${column} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/**
 * Clicks a list's sync button and follows the run: while the server's
 * progress answers are held back the button is busy and its live region says
 * the run is queued or how far it got; once they are let through the run
 * ends. Answers the run as the server reported its end.
 */
async function syncFromList(page: Page, buttonName: string): Promise<SyncRun> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(RUN_URL, async (route) => {
    await held;
    await route.continue();
  });
  const ended = page.waitForResponse(async (response) => {
    if (!RUN_URL.test(response.url()) || response.request().method() !== 'GET') return false;
    const run = (await response.json()) as SyncRun;
    return run.status === 'succeeded' || run.status === 'failed';
  });

  const button = page.getByRole('button', { name: buttonName, exact: true });
  await button.click();
  await expect(button).toBeDisabled();
  const progress = new RegExp(`${pattern(e.syncQueued).source}|${pattern(e.progress).source}`);
  await expect(button).toHaveAccessibleDescription(progress);
  await expect(page.getByRole('status').filter({ hasText: progress })).toBeVisible();
  await shot(page, `${buttonName.toLowerCase().replace(/\W+/g, '-')}-progress`);

  release();
  const run = (await (await ended).json()) as SyncRun;
  await page.unroute(RUN_URL);
  expect(run.status, `the ${run.kind} sync ended`).toBe('succeeded');
  expect(run.pages_fetched).toBeGreaterThan(0);
  expect(run.rows_written).toBeGreaterThan(0);
  expect(run.synced).toBeGreaterThan(0);
  // The run has ended: the button is free and the progress line gone.
  await expect(button).toBeEnabled();
  await expect(button).toHaveAccessibleDescription('');
  return run;
}

/** Sync History lists `run` with its data kind, trigger, counts and status. */
async function expectInHistory(page: Page, kind: SyncKind, run: SyncRun) {
  await openEldTab(page, e.tabs.history);
  const col = e.historyColumns;
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: e.dataKinds[kind], exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(await cell(table, row, col.trigger)).toHaveText(e.triggers.manual);
  await expect(await cell(table, row, col.created)).toHaveText(String(run.created));
  await expect(await cell(table, row, col.updated)).toHaveText(String(run.updated));
  await expect(await cell(table, row, col.deactivated)).toHaveText(String(run.deactivated));
  await expect(await cell(table, row, col.status)).toHaveText(e.statuses.succeeded);
  await expect(await cell(table, row, col.finished)).not.toHaveText(f.assets.empty);
  // A first sync of a fresh fleet creates every row it reads.
  expect(run.created).toBe(run.synced);
}

/** The list's two tabs count `total` rows together. */
async function expectListCounts(page: Page, active: string, inactive: string, total: number) {
  const count = async (template: string) => {
    const tab = page.getByRole('tab', { name: pattern(template) });
    await expect(tab).toBeVisible();
    return Number((await tab.innerText()).match(/\((\d+)\)/)![1]);
  };
  await expect(async () => {
    expect((await count(active)) + (await count(inactive))).toBe(total);
  }).toPass();
}

test.describe.configure({ mode: 'serial' });
// Toasts appear and go at once (see accessibility.spec.ts).
test.use({ reducedMotion: 'reduce' });

let providerLabel = '';

test("before connecting, Trucks, Trailers and Drivers say 'No ELD Connected'", async ({ page }) => {
  await signIn(page, users.eldAdmin);
  for (const [path, title] of [
    ['/fleet-dashboard/trucks', f.trucksTitle],
    ['/fleet-dashboard/trailers', f.trailersTitle],
    ['/fleet-dashboard/drivers', f.driversTitle],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(f.noEldTitle)).toBeVisible();
    await expect(page.getByText(f.noEldText)).toBeVisible();
  }
  // The drivers' empty state offers adding one by hand, and a sync says to connect first.
  await expect(page.getByText(f.noDriversText)).toBeVisible();
  await expect(page.getByRole('button', { name: f.addFirstDriver })).toBeVisible();
  await page.getByRole('button', { name: f.syncDrivers, exact: true }).click();
  await expect(specToast(page, e.driversNotConnected)).toBeVisible();
});

test('connects the offline demo provider in Company Settings › ELD Integration', async ({ page }) => {
  await signIn(page, users.eldAdmin);
  await page.setViewportSize(desktop);
  await openEldTab(page, e.tabs.connect);
  await expect(page.getByRole('heading', { name: e.connectTitle })).toBeVisible();
  await expect(page.getByText(pattern(e.connectedTo))).toHaveCount(0);
  await shot(page, 'eld-connect-form');

  // Connecting with nothing chosen: the spec's message.
  await page.getByRole('button', { name: e.connectButton, exact: true }).click();
  await expect(specToast(page, e.missingInformation)).toBeVisible();

  const provider = page.getByLabel(e.provider);
  const demo = provider.locator('option[value="demo"]');
  providerLabel = (await demo.innerText()).trim();
  await provider.selectOption('demo');
  // The demo provider says it is one, and asks for no key.
  await expect(page.getByText(e.demoProviderNotice)).toBeVisible();
  await expect(page.getByLabel(e.apiKey)).toHaveCount(0);
  await shot(page, 'eld-connect-demo');

  await page.getByRole('button', { name: e.connectButton, exact: true }).click();
  await expect(specToast(page, `${e.connectionSuccessfulTitle}: ${e.connectionSuccessfulText}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: e.updateTitle })).toBeVisible();
  await expect(page.getByText(format(e.connectedTo, { provider: providerLabel }))).toBeVisible();
  await expect(page.getByRole('button', { name: e.updateButton })).toBeVisible();
  await shot(page, 'eld-connected');

  // Sync Settings: daily, all data, by default.
  await page.getByRole('tab', { name: e.tabs.settings, exact: true }).click();
  await expect(page.getByLabel(e.frequencies.daily)).toBeChecked();
  for (const kind of ['drivers', 'trucks', 'trailers'] as const) await expect(page.getByLabel(e.dataKinds[kind])).toBeChecked();
  await shot(page, 'eld-sync-settings');
  await page.getByRole('tab', { name: e.tabs.history, exact: true }).click();
  await expect(page.getByText(e.historyEmpty)).toBeVisible();

  // The lists no longer say 'No ELD Connected'.
  await page.goto('/fleet-dashboard/drivers');
  await expect(page.getByRole('button', { name: f.syncDriversFromEld })).toBeVisible();
  await expect(page.getByText(f.noEldTitle)).toHaveCount(0);
});

test('Drivers › Sync Drivers fills the list, toasts the count and shows in Sync History', async ({ page }) => {
  await signIn(page, users.eldAdmin);
  await page.setViewportSize(desktop);
  await page.goto('/fleet-dashboard/drivers');
  await expect(page.getByText(f.noDriversText)).toBeVisible();

  const run = await syncFromList(page, f.syncDrivers);
  await expect(specToast(page, format(e.driversSynced, { n: run.synced, provider: providerLabel }))).toBeVisible();
  await expect(page.getByText(f.noDriversText)).toHaveCount(0);
  await expectUnclipped(page.getByRole('button', { name: texts.board.postings.actions, exact: true }).first(), "a row's menu button");
  await expectListCounts(page, f.activeDriversTab, f.inactiveDriversTab, run.synced);
  // The ELD Provider column names the provider as users know it, not its stored value.
  await expect(page.getByRole('cell', { name: providerLabel, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'demo', exact: true })).toHaveCount(0);
  await shot(page, 'drivers-synced');

  await expectInHistory(page, 'drivers', run);
  await shot(page, 'eld-sync-history');
});

test("Trucks › Sync from ELD fills the list, toasts the count and shows in Sync History", async ({ page }) => {
  await signIn(page, users.eldAdmin);
  await page.setViewportSize(desktop);
  await page.goto('/fleet-dashboard/trucks');
  await expect(page.getByText(f.noVehiclesTitle)).toBeVisible();

  const run = await syncFromList(page, f.syncFromEld);
  await expect(specToast(page, format(e.trucksSynced, { n: run.synced }))).toBeVisible();
  await expect(page.getByText(f.noVehiclesTitle)).toHaveCount(0);
  await expectUnclipped(page.getByRole('button', { name: texts.board.postings.actions, exact: true }).first(), "a row's menu button");
  // The demo fleet has one decommissioned truck ('Trucks no longer in service'), which the list hides.
  await expectListCounts(page, f.activeTrucks, f.inactiveTrucks, run.synced - 1);
  await shot(page, 'trucks-synced');

  await expectInHistory(page, 'trucks', run);
});

test('Trailers › Sync Trailers fills the list, toasts the counts and shows in Sync History', async ({ page }) => {
  await signIn(page, users.eldAdmin);
  await page.setViewportSize(desktop);
  await page.goto('/fleet-dashboard/trailers');
  await expect(page.getByText(f.noTrailersTitle)).toBeVisible();

  const run = await syncFromList(page, f.syncTrailers);
  await expect(specToast(page, format(e.trailersSynced, { n: run.synced }))).toBeVisible();
  expect(run.warning).toBeNull();
  expect(run.assignments_updated).not.toBeNull();
  await expect(specToast(page, format(e.assignmentsUpdated, { n: run.assignments_updated! }))).toBeVisible();
  await expect(page.getByText(f.noTrailersTitle)).toHaveCount(0);
  await expectUnclipped(page.getByRole('button', { name: texts.board.postings.actions, exact: true }).first(), "a row's menu button");
  await expectListCounts(page, f.activeTrailers, f.inactiveTrailers, run.synced);
  await shot(page, 'trailers-synced');

  await expectInHistory(page, 'trailers', run);
});

test('the ELD screens and the synced lists fit a 375 px phone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(phone);
  await signIn(page, users.eldAdmin);

  await openEldTab(page, e.tabs.connect);
  await expect(page.getByText(format(e.connectedTo, { provider: providerLabel }))).toBeVisible();
  await expectFits(page, 'Connect ELD');
  await shot(page, 'eld-connected');
  await page.getByRole('tab', { name: e.tabs.settings, exact: true }).click();
  await expect(page.getByLabel(e.frequencies.daily)).toBeChecked();
  await expectFits(page, 'Sync Settings');
  await shot(page, 'eld-sync-settings');
  await page.getByRole('tab', { name: e.tabs.history, exact: true }).click();
  // On a phone each run is a card with the same fields, not a table to pan.
  const runs = page.getByRole('listitem').filter({ hasText: e.triggers.manual });
  await expect(runs).toHaveCount(3);
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const kind of ['drivers', 'trucks', 'trailers'] as const) {
    const card = runs.filter({ hasText: e.dataKinds[kind] });
    await expect(card).toContainText(e.statuses.succeeded);
    await expect(card).toContainText(e.historyColumns.created);
  }
  await expectFits(page, 'Sync History');
  await shot(page, 'eld-sync-history');

  for (const [path, name] of [
    ['/fleet-dashboard/drivers', 'drivers-synced'],
    ['/fleet-dashboard/trucks', 'trucks-synced'],
    ['/fleet-dashboard/trailers', 'trailers-synced'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: name === 'drivers-synced' ? f.view : f.viewDetails }).first()).toBeVisible();
    await expectFits(page, path);
    await shot(page, name);
  }
});

test('the connected ELD tabs pass axe (WCAG 2.1 AA) at both widths', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, users.eldAdmin);
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    for (const tab of [e.tabs.connect, e.tabs.settings, e.tabs.history]) {
      await openEldTab(page, tab);
      await settled(page);
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      expect(found, `${tab} at ${viewport.width} px`).toEqual([]);
    }
  }
});
