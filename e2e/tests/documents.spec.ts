import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { format, pattern, settled, signIn, specToast, test, texts } from './support';

// Fleet documents (spec §2 Documents, issue 12): upload, the expiry tabs,
// every filter in the URL, download, delete, the server's refusals and the
// Documents tabs of the detail screens, at 1280 and 375 px. The demo fleet
// has seeded documents of its own, so each test names its documents with a
// tag of this run and looks for those rows (counts are compared with the
// server's, read in the same test).
// DOC_SHOTS=<dir> saves the screenshots elsewhere than /tmp/doc-shots.

const d = texts.documents;
const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };
const run = Date.now().toString(36);
const shots = process.env.DOC_SHOTS ?? '/tmp/doc-shots';
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

test.describe.configure({ mode: 'serial' });
// The server counts upload days in UTC; the browser shows them in its own zone.
test.use({ timezoneId: 'UTC', viewport: desktop });

/** A small valid-looking PDF whose bytes say who it is. */
function pdf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}

/** 'YYYY-MM-DD' of today (UTC) plus `days`. */
function day(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'Jan 5, 2025' of a 'YYYY-MM-DD' day. */
function short(value: string): string {
  return new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'January 5, 2025' of a 'YYYY-MM-DD' day. */
function long(value: string): string {
  return new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The calendar's name of a day's button: 'Monday, January 5th, 2025' (date-fns 'PPPP'), as a pattern. */
function dayButton(value: string): RegExp {
  const date = new Date(`${value}T00:00:00Z`);
  const n = date.getUTCDate();
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  const month = date.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  return new RegExp(`${month} ${n}${suffix}, ${date.getUTCFullYear()}`);
}

async function api<T = any>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return res.json();
}

interface NewDocument {
  name: string;
  document_type: string;
  vehicle_type?: 'truck' | 'trailer';
  vehicle_id?: string;
  driver_id?: string;
  issue_date?: string;
  expiration_date?: string;
  description?: string;
  share_with_drivers?: boolean;
  file_name?: string;
  bytes?: Buffer;
}

/** Uploads a document through the API as the signed-in user (the same multipart the dialog sends). */
async function createDocument(page: Page, doc: NewDocument): Promise<any> {
  const session = await api(page, '/api/auth/session');
  const bytes = [...(doc.bytes ?? pdf(doc.name))];
  const result = await page.evaluate(
    async ({ doc, bytes, csrf }) => {
      const body = new FormData();
      body.append('name', doc.name);
      body.append('document_type', doc.document_type);
      body.append('vehicle_type', doc.vehicle_type ?? '');
      body.append('vehicle_id', doc.vehicle_id ?? '');
      body.append('driver_id', doc.driver_id ?? '');
      body.append('issue_date', doc.issue_date ?? '');
      body.append('expiration_date', doc.expiration_date ?? '');
      body.append('description', doc.description ?? '');
      body.append('share_with_drivers', doc.share_with_drivers ? 'true' : 'false');
      body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), doc.file_name ?? `${doc.name}.pdf`);
      const res = await fetch('/api/fleet/documents', { method: 'POST', body, headers: { 'X-CSRF-Token': csrf } });
      return { status: res.status, body: await res.json() };
    },
    { doc: { ...doc, bytes: undefined }, bytes, csrf: session.csrf_token as string },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

/** The first named truck and trailer of the demo fleet, and a driver. */
async function fleetAssets(page: Page) {
  const trucks = (await api(page, '/api/fleet/trucks?per_page=200')).items.filter((t: any) => t.name);
  const trailers = (await api(page, '/api/fleet/trailers?per_page=200')).items.filter((t: any) => t.name);
  const drivers = (await api(page, '/api/fleet/drivers?per_page=200')).items;
  return { truck: trucks[0], otherTruck: trucks[1], trailer: trailers[0], driver: drivers[0] };
}

// A row of the table, or on a phone its card.
const row = (page: Page, name: string) => page.locator('tr, [data-testid="data-card"]').filter({ hasText: name });

/** Chooses `item` in the "⋯" menu of the document's row. */
async function rowMenu(page: Page, name: string, item: string) {
  await row(page, name).getByRole('button', { name: d.columns.actions, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
const searchBox = (page: Page) => page.getByRole('searchbox', { name: d.searchPlaceholder });

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

async function noHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/** A screenshot named by the viewport's width; an open overlay is shot as the viewport shows it. */
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: `${shots}/${width}-${name}.png`, fullPage });
}

test.beforeEach(async ({ page }) => {
  await signIn(page, demo);
});

test('upload with every field from the dialog: the row shows type, vehicle, dates and status', async ({ page }) => {
  const { truck } = await fleetAssets(page);
  await page.goto('/fleet-dashboard/documents');
  await expect(page.getByRole('heading', { name: d.title })).toBeVisible();
  await expect(page.getByText(d.subtitle)).toBeVisible();
  for (const column of Object.values(d.columns) as string[]) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }

  // The required pieces, with the spec's toasts.
  await page.getByRole('button', { name: d.uploadButton }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: d.dialogTitle })).toBeVisible();
  await expect(dialog.getByText(d.dialogDescription)).toBeVisible();
  await expect(dialog.getByLabel(d.vehicleLabel, { exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: d.uploadButton }).click();
  await expect(specToast(page, d.fileRequired)).toBeVisible();

  const fileName = `reg-${run}.2025.pdf`;
  const bytes = pdf('registration');
  await dialog.getByLabel(d.fileLabel).setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
  await expect(dialog.getByText(`${fileName} (${(bytes.length / 1024).toFixed(1)} KB)`)).toBeVisible();
  await expect(dialog.getByLabel(d.nameLabel)).toHaveValue(`reg-${run}`);
  await dialog.getByRole('button', { name: d.uploadButton }).click();
  await expect(specToast(page, d.requiredFields)).toBeVisible();

  // Every field.
  const name = `Registration ${run}`;
  const expiration = day(120);
  await dialog.getByLabel(d.nameLabel).fill(name);
  await dialog.getByLabel(d.typeLabel).selectOption({ label: d.types.truck_registration });
  await dialog.getByLabel(d.vehicleTypeLabel).selectOption({ label: d.vehicleTypes.truck });
  const vehicle = dialog.getByLabel(d.vehicleLabel, { exact: true });
  await expect(vehicle).toBeEnabled();
  await expect(vehicle.locator(`option[value="${truck.id}"]`)).toHaveCount(1);
  await vehicle.selectOption(truck.id);
  // Changing the vehicle type clears the vehicle; choosing Truck again lists the trucks again.
  await dialog.getByLabel(d.vehicleTypeLabel).selectOption({ label: d.vehicleTypes.trailer });
  await expect(vehicle).toHaveValue('');
  await dialog.getByLabel(d.vehicleTypeLabel).selectOption({ label: d.vehicleTypes.truck });
  await expect(vehicle.locator(`option[value="${truck.id}"]`)).toHaveCount(1);
  await vehicle.selectOption(truck.id);
  await dialog.getByLabel(d.issueDateLabel).fill('2025-01-05');
  await dialog.getByLabel(d.expirationDateLabel).fill(expiration);
  await dialog.getByLabel(d.descriptionLabel).fill('Cab card for the registration year');
  await dialog.getByLabel(d.shareWithDrivers).check();
  await shot(page, 'upload-dialog-filled', { fullPage: false });
  await dialog.getByRole('button', { name: d.uploadButton }).click();

  await expect(page.locator('[data-sonner-toast]').filter({ hasText: d.uploadedTitle }).filter({ hasText: d.uploaded })).toBeVisible();
  await expect(dialog).toBeHidden();
  const uploaded = row(page, name);
  await expect(uploaded).toBeVisible();
  await expect(uploaded.getByText(d.types.truck_registration)).toBeVisible();
  await expect(uploaded.getByText(truck.name, { exact: true })).toBeVisible();
  await expect(uploaded.getByRole('cell', { name: short(day(0)), exact: true })).toBeVisible();
  await expect(uploaded.getByRole('cell', { name: short(expiration), exact: true })).toBeVisible();
  await expect(uploaded.getByText(d.status.valid, { exact: true })).toBeVisible();

  // What was stored.
  const found = await api(page, `/api/fleet/documents?q=${encodeURIComponent(name)}`);
  expect(found.items).toHaveLength(1);
  expect(found.items[0]).toMatchObject({
    name,
    document_type: 'truck_registration',
    description: 'Cab card for the registration year',
    file_name: fileName,
    file_type: 'application/pdf',
    file_size: bytes.length,
    issue_date: '2025-01-05',
    expiration_date: expiration,
    status: 'valid',
    is_shared_with_drivers: true,
    vehicle: { kind: 'truck', id: truck.id },
  });

  // The dialog opens empty again.
  await page.getByRole('button', { name: d.uploadButton }).first().click();
  await expect(dialog.getByLabel(d.nameLabel)).toHaveValue('');
  await expect(dialog.getByLabel(d.typeLabel)).toHaveValue('');
  await expect(dialog.getByLabel(d.vehicleTypeLabel)).toHaveValue('');
  await expect(dialog.getByLabel(d.shareWithDrivers)).not.toBeChecked();
  await dialog.getByRole('button', { name: d.cancel }).click();
  await expect(dialog).toBeHidden();
});

test('expired, expiring-soon and later documents: the tabs, the badge and the banner', async ({ page }) => {
  const tag = `tabs-${run}`;
  const docs = {
    past: `${tag} past`,
    soon: `${tag} soon`,
    later: `${tag} later`,
    none: `${tag} undated`,
  };
  await createDocument(page, { name: docs.past, document_type: 'company_insurance', expiration_date: day(-3) });
  await createDocument(page, { name: docs.soon, document_type: 'company_authority', expiration_date: day(10) });
  await createDocument(page, { name: docs.later, document_type: 'company_ifta', expiration_date: day(90) });
  await createDocument(page, { name: docs.none, document_type: 'company_other' });
  const { counts } = await api(page, '/api/fleet/documents?per_page=1');
  expect(counts.expiring_soon).toBeGreaterThan(0);

  await page.goto('/fleet-dashboard/documents');
  await expect(page.getByText(d.expiringBannerTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(format(d.expiringBannerText, { count: counts.expiring_soon }))).toBeVisible();
  const soonTab = page.getByRole('tab', { name: new RegExp(`^${d.tabs.expiringSoon}`) });
  await expect(soonTab.getByTestId('expiring-count')).toHaveText(String(counts.expiring_soon));
  await expect(soonTab.getByTestId('expiring-count')).toHaveCSS('background-color', 'rgb(220, 38, 38)');

  await search(page, tag);
  for (const name of Object.values(docs)) await expect(row(page, name)).toBeVisible();
  await expect(row(page, docs.past).getByText(d.status.expired, { exact: true })).toBeVisible();
  await expect(row(page, docs.soon).getByText(d.status.expiringSoon, { exact: true })).toBeVisible();
  await expect(row(page, docs.later).getByText(d.status.valid, { exact: true })).toBeVisible();
  await expect(row(page, docs.none).getByText(d.status.none, { exact: true })).toBeVisible();
  await expect(row(page, docs.past).getByRole('cell', { name: short(day(-3)), exact: true })).toBeVisible();
  // The search leaves the counts as they are (they count the whole fleet).
  await expect(soonTab.getByTestId('expiring-count')).toHaveText(String(counts.expiring_soon));

  await soonTab.click();
  await expect(page).toHaveURL(/tab=expiring_soon/);
  await expect(row(page, docs.soon)).toBeVisible();
  for (const name of [docs.past, docs.later, docs.none]) await expect(row(page, name)).toHaveCount(0);

  await page.getByRole('tab', { name: d.tabs.expired }).click();
  await expect(page).toHaveURL(/tab=expired/);
  await expect(row(page, docs.past)).toBeVisible();
  for (const name of [docs.soon, docs.later, docs.none]) await expect(row(page, name)).toHaveCount(0);

  // The tab and the search survive a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: d.tabs.expired })).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(row(page, docs.past)).toBeVisible();
  await expect(row(page, docs.soon)).toHaveCount(0);

  await page.getByRole('tab', { name: d.tabs.all }).click();
  for (const name of Object.values(docs)) await expect(row(page, name)).toBeVisible();
});

/** Three documents the filter tests share, created once per run. */
let filterSet: { truck: any; trailer: any; tag: string; alpha: string; bravo: string; charlie: string } | null = null;

async function filterDocuments(page: Page) {
  if (!filterSet) {
    const { truck, trailer } = await fleetAssets(page);
    const tag = `flt-${run}`;
    const set = { truck, trailer, tag, alpha: `${tag} alpha`, bravo: `${tag} bravo`, charlie: `${tag} charlie` };
    await createDocument(page, { name: set.alpha, document_type: 'company_insurance', vehicle_type: 'truck', vehicle_id: truck.id });
    await createDocument(page, { name: set.bravo, document_type: 'maintenance', vehicle_type: 'trailer', vehicle_id: trailer.id });
    await createDocument(page, { name: set.charlie, document_type: 'company_insurance' });
    filterSet = set;
  }
  const set = filterSet;
  const mine = [set.alpha, set.bravo, set.charlie];
  /** Exactly `visible` of the three are listed. */
  const shows = async (visible: string[]) => {
    for (const name of mine) await expect(row(page, name)).toHaveCount(visible.includes(name) ? 1 : 0);
  };
  return { ...set, mine, shows };
}

const filtersButton = (page: Page) => page.getByRole('button', { name: d.filters, exact: true });
const filtersMenu = (page: Page) => page.getByRole('dialog', { name: d.filters });

test('search applies on Enter and on the Search button, not while typing', async ({ page }) => {
  const { alpha, bravo, shows } = await filterDocuments(page);
  await page.goto('/fleet-dashboard/documents');
  await expect(filtersButton(page).getByTestId('filters-dot')).toHaveCount(0);

  await search(page, alpha);
  await shows([alpha]);
  await searchBox(page).fill(bravo);
  await page.waitForTimeout(600);
  await shows([alpha]);
  await expect(page).toHaveURL(/q=flt-.+alpha/);
  await page.getByRole('button', { name: d.search, exact: true }).click();
  await expect(page).toHaveURL(/q=flt-.+bravo/);
  await shows([bravo]);
  await searchBox(page).fill('no document is called this');
  await page.getByRole('button', { name: d.search, exact: true }).click();
  await expect(page.getByText(d.emptyTitle)).toBeVisible();
  await expect(page.getByText(d.emptyText)).toBeVisible();
  await expect(filtersButton(page).getByTestId('filters-dot')).toHaveCount(1);

  // Clear Filters (enabled only while a filter is on) empties the search.
  await filtersButton(page).click();
  await filtersMenu(page).getByRole('button', { name: d.clearFilters }).click();
  await expect(page).toHaveURL(/\/fleet-dashboard\/documents$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(filtersMenu(page).getByRole('button', { name: d.clearFilters })).toBeDisabled();
  await expect(filtersButton(page).getByTestId('filters-dot')).toHaveCount(0);
});

test('the Filters menu: document type alone, vehicle alone', async ({ page }) => {
  const { truck, trailer, alpha, bravo, charlie, mine, shows } = await filterDocuments(page);
  await page.goto('/fleet-dashboard/documents');
  await shows(mine);
  await filtersButton(page).click();
  const menu = filtersMenu(page);
  await expect(menu.getByRole('button', { name: d.clearFilters })).toBeDisabled();

  const typeSelect = menu.getByLabel(d.documentType);
  expect(await typeSelect.locator('option').allTextContents()).toEqual([d.allTypes, ...Object.values(d.types)]);
  await typeSelect.selectOption({ label: d.types.company_insurance });
  await expect(page).toHaveURL(/type=company_insurance/);
  await shows([alpha, charlie]);
  await expect(page.getByRole('row').filter({ hasText: d.types.maintenance })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: d.clearFilters })).toBeEnabled();
  await typeSelect.selectOption({ label: d.allTypes });
  await expect(page).not.toHaveURL(/type=/);

  // The fleet's trucks and trailers.
  const vehicleSelect = menu.getByLabel(d.vehicle, { exact: true });
  await expect(vehicleSelect.locator(`option[value="${trailer.id}"]`)).toHaveCount(1);
  await expect(vehicleSelect.locator(`option[value="${truck.id}"]`)).toHaveCount(1);
  await vehicleSelect.selectOption(trailer.id);
  await expect(page).toHaveURL(new RegExp(`vehicle=${trailer.id}`));
  await shows([bravo]);
  await vehicleSelect.selectOption(truck.id);
  await shows([alpha]);
  await menu.getByRole('button', { name: d.clearFilters }).click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await shows(mine);
});

test('the two-month upload-date range picker', async ({ page }) => {
  const { mine, shows } = await filterDocuments(page);
  await page.goto('/fleet-dashboard/documents');
  await shows(mine);

  // Today holds them.
  const today = day(0);
  const rangeButton = page.getByTestId('date-range-button');
  await expect(rangeButton).toHaveText(d.dateRange);
  await rangeButton.click();
  await expect(page.getByRole('grid')).toHaveCount(2);
  await page.getByRole('button', { name: dayButton(today) }).click();
  await page.getByRole('button', { name: dayButton(today) }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(rangeButton).toHaveText(long(today));
  await shows(mine);

  // Early last month does not.
  const firstOfLastMonth = new Date();
  firstOfLastMonth.setUTCDate(1);
  firstOfLastMonth.setUTCMonth(firstOfLastMonth.getUTCMonth() - 1);
  const from = firstOfLastMonth.toISOString().slice(0, 10);
  const to = `${from.slice(0, 8)}05`;
  await page.goto(`/fleet-dashboard/documents?from=${from}&to=${to}`);
  await expect(rangeButton).toHaveText(`${long(from)} - ${long(to)}`);
  await expect(page.getByRole('columnheader', { name: d.columns.name }).or(page.getByText(d.emptyTitle))).toBeVisible();
  await shows([]);

  // Picked in the calendar: from the 1st of last month to today, in the longer format.
  await rangeButton.click();
  await page.getByRole('button', { name: dayButton(from) }).click();
  await page.getByRole('button', { name: dayButton(today) }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));
  await expect(rangeButton).toHaveText(`${long(from)} - ${long(today)}`);
  await expect(page.getByRole('grid')).toHaveCount(0);
  await shows(mine);
});

test('all filters combined, and the same view after a reload', async ({ page }) => {
  const { truck, tag, alpha, shows } = await filterDocuments(page);
  const from = day(-40);
  const today = day(0);
  await page.goto(`/fleet-dashboard/documents?from=${from}&to=${today}`);
  await search(page, tag);
  await filtersButton(page).click();
  const menu = filtersMenu(page);
  await menu.getByLabel(d.documentType).selectOption({ label: d.types.company_insurance });
  await menu.getByLabel(d.vehicle, { exact: true }).selectOption(truck.id);
  await page.keyboard.press('Escape');
  await shows([alpha]);
  const url = page.url();
  for (const part of [`q=${tag}`, 'type=company_insurance', `vehicle=${truck.id}`, `from=${from}`, `to=${today}`]) {
    expect(url).toContain(part);
  }

  await page.reload();
  await shows([alpha]);
  expect(page.url()).toBe(url);
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(page.getByTestId('date-range-button')).toHaveText(`${long(from)} - ${long(today)}`);
  await expect(filtersButton(page).getByTestId('filters-dot')).toHaveCount(1);
  await filtersButton(page).click();
  await expect(menu.getByLabel(d.documentType)).toHaveValue('company_insurance');
  await expect(menu.getByLabel(d.vehicle, { exact: true })).toHaveValue(truck.id);
  await menu.getByRole('button', { name: d.clearFilters }).click();
  await expect(page).toHaveURL(/\/fleet-dashboard\/documents$/);
  await expect(page.getByTestId('date-range-button')).toHaveText(d.dateRange);
  await expect(filtersButton(page).getByTestId('filters-dot')).toHaveCount(0);
});

test('download gives back the same bytes under the original name', async ({ page }) => {
  const name = `Download ${run}`;
  const fileName = `Cab card – Zoë ${run}.pdf`;
  const bytes = pdf(`download ${run} ✓`);
  await createDocument(page, { name, document_type: 'truck_inspection', file_name: fileName, bytes });
  await page.goto(`/fleet-dashboard/documents?q=${encodeURIComponent(name)}`);
  const downloading = page.waitForEvent('download');
  await rowMenu(page, name, d.download);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = readFileSync((await download.path())!);
  expect(saved.equals(bytes)).toBe(true);
});

test('delete asks first: Cancel keeps the document, Delete removes it', async ({ page }) => {
  const name = `Delete ${run}`;
  const created = await createDocument(page, { name, document_type: 'crash_report' });
  await page.goto(`/fleet-dashboard/documents?q=${encodeURIComponent(name)}`);
  await rowMenu(page, name, d.delete);
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(d.deleteTitle)).toBeVisible();
  await expect(confirm.getByText(d.deleteText)).toBeVisible();
  await confirm.getByRole('button', { name: d.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, name)).toBeVisible();
  expect((await page.request.get(`/api/fleet/documents/${created.id}`)).status()).toBe(200);

  await rowMenu(page, name, d.delete);
  await confirm.getByRole('button', { name: d.delete, exact: true }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: d.deletedTitle }).filter({ hasText: d.deleted }),
  ).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await expect(page.getByText(d.emptyTitle)).toBeVisible();
  expect((await page.request.get(`/api/fleet/documents/${created.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/fleet/documents/${created.id}/download`)).status()).toBe(404);
});

test("a file that is not an allowed type: the server's message in the dialog, the fields kept", async ({ page }) => {
  await page.goto('/fleet-dashboard/documents');
  await page.getByRole('button', { name: d.uploadButton }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(d.fileLabel).setInputFiles({
    name: 'x.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
  });
  await expect(dialog.getByLabel(d.nameLabel)).toHaveValue('x');
  await dialog.getByLabel(d.typeLabel).selectOption({ label: d.types.maintenance });
  const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/fleet/documents') && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: d.uploadButton }).click();
  expect((await uploaded).status()).toBe(415);
  const message = dialog.getByTestId('upload-error');
  await expect(message).toHaveText(pattern(d.fileTypeNotAllowed));
  await expect(message).toContainText('found');
  await expect(dialog.getByLabel(d.nameLabel)).toHaveValue('x');
  await expect(dialog.getByLabel(d.typeLabel)).toHaveValue('maintenance');
  await expect(dialog.getByText(/^x\.pdf \(\d+\.\d KB\)$/)).toBeVisible();
  await expect(page.getByText(d.uploadFailed)).toHaveCount(0);
  await dialog.getByRole('button', { name: d.cancel }).click();
  await expect(dialog).toBeHidden();
  expect((await api(page, '/api/fleet/documents?q=x&per_page=200')).items.some((doc: any) => doc.name === 'x')).toBe(false);
});

test("detail screens: a truck's, a trailer's and a driver's Documents tab, with an upload set to it", async ({ page }) => {
  const { truck, otherTruck, trailer, driver } = await fleetAssets(page);
  const forTrailer = `Trailer doc ${run}`;
  const forOtherTruck = `Other truck doc ${run}`;
  await createDocument(page, { name: forTrailer, document_type: 'trailer_inspection', vehicle_type: 'trailer', vehicle_id: trailer.id });
  await createDocument(page, { name: forOtherTruck, document_type: 'truck_inspection', vehicle_type: 'truck', vehicle_id: otherTruck.id });

  // Truck: upload from its tab, set to the truck.
  await page.goto(`/fleet-dashboard/trucks/${truck.id}`);
  await page.getByRole('tab', { name: texts.fleet.truckTabs.documents }).click();
  await expect(page.getByText(texts.fleet.featureSoon)).toHaveCount(0);
  await expect(row(page, forOtherTruck)).toHaveCount(0);
  await page.getByRole('button', { name: d.uploadButton }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(d.vehicleTypeLabel)).toHaveValue('truck');
  await expect(dialog.getByLabel(d.vehicleLabel, { exact: true })).toHaveValue(truck.id);
  const truckDoc = `Truck tab doc ${run}`;
  await dialog.getByLabel(d.fileLabel).setInputFiles({ name: 'inspection.pdf', mimeType: 'application/pdf', buffer: pdf('truck tab') });
  await dialog.getByLabel(d.nameLabel).fill(truckDoc);
  await dialog.getByLabel(d.typeLabel).selectOption({ label: d.types.truck_inspection });
  await dialog.getByRole('button', { name: d.uploadButton }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, truckDoc)).toBeVisible();
  await expect(row(page, truckDoc).getByText(truck.name, { exact: true })).toBeVisible();

  // Trailer: its documents only.
  await page.goto(`/fleet-dashboard/trailers/${trailer.id}`);
  await page.getByRole('tab', { name: texts.fleet.trailerTabs.documents }).click();
  await expect(row(page, forTrailer)).toBeVisible();
  await expect(row(page, truckDoc)).toHaveCount(0);

  // Driver: upload set to the driver.
  await page.goto(`/fleet-dashboard/drivers/${driver.id}`);
  await page.getByRole('tab', { name: texts.fleet.driverTabs.documents }).click();
  await expect(page.getByText(texts.fleet.driverDocumentsSoon)).toHaveCount(0);
  await page.getByRole('button', { name: d.uploadButton }).click();
  await expect(dialog.getByLabel(d.driver, { exact: true })).toHaveValue(driver.display_name);
  const driverDoc = `Driver tab doc ${run}`;
  await dialog.getByLabel(d.fileLabel).setInputFiles({ name: 'medical.pdf', mimeType: 'application/pdf', buffer: pdf('driver tab') });
  await dialog.getByLabel(d.nameLabel).fill(driverDoc);
  await dialog.getByLabel(d.typeLabel).selectOption({ label: d.types.safety_report });
  await dialog.getByRole('button', { name: d.uploadButton }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, driverDoc)).toBeVisible();
  const stored = await api(page, `/api/fleet/documents?q=${encodeURIComponent(driverDoc)}`);
  expect(stored.items[0].driver).toMatchObject({ id: driver.id });
  await shot(page, 'driver-documents-tab');
});

test("a driver's document names its driver under its name; the Vehicle column holds vehicles only", async ({ page }) => {
  const { driver } = await fleetAssets(page);
  const name = `Medical card ${run}`;
  await createDocument(page, { name, document_type: 'company_other', driver_id: driver.id, expiration_date: day(400) });
  const columns = Object.values(d.columns);

  await page.goto(`/fleet-dashboard/documents?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('columnheader')).toHaveText(columns);
  const line = format(d.driverNamed, { name: driver.display_name });
  const cells = row(page, name).locator('td');
  await expect(cells.nth(0).getByText(line, { exact: true })).toBeVisible();
  await expect(cells.nth(columns.indexOf(d.columns.vehicle))).toHaveText('—');
  await shot(page, 'driver-document');

  await page.setViewportSize(phone);
  const card = row(page, name);
  await expect(card.getByText(line, { exact: true })).toBeVisible();
  await noHorizontalOverflow(page, 'the documents list');
  await shot(page, 'driver-document');
});

test('the list, the filters, the picker and the dialog fit a 375 px phone', async ({ page }) => {
  const name = `Phone ${run} with a rather long document name to wrap`;
  await createDocument(page, { name, document_type: 'company_insurance', expiration_date: day(5) });

  await page.goto('/fleet-dashboard/documents');
  await expect(row(page, name)).toBeVisible();
  await shot(page, 'documents');
  await page.getByTestId('date-range-button').click();
  await expect(page.getByRole('grid')).toHaveCount(2);
  await shot(page, 'date-range-picker', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: d.filters, exact: true }).click();
  await shot(page, 'filters-menu', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.setViewportSize(phone);
  await page.goto('/fleet-dashboard/documents');
  await expect(row(page, name)).toBeVisible();
  await noHorizontalOverflow(page, 'the documents list');
  // Each document is a card (name, status, its lines, Download): no table to pan sideways.
  await expect(page.getByTestId('table-scroll')).toHaveCount(0);
  const card = row(page, name);
  await expect(card.getByText(d.status.expiringSoon)).toBeVisible();
  await expect(card.getByRole('link', { name: d.download, exact: true })).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(phone.width);
  await shot(page, 'documents');

  await page.getByTestId('date-range-button').click();
  // One whole month on a phone (two side by side from 640 px).
  await expect(page.getByRole('grid')).toHaveCount(1);
  await noHorizontalOverflow(page, 'the date-range picker');
  await shot(page, 'date-range-picker', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: d.filters, exact: true }).click();
  await expect(page.getByRole('dialog', { name: d.filters })).toBeVisible();
  await noHorizontalOverflow(page, 'the Filters menu');
  await shot(page, 'filters-menu', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: d.uploadButton }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: d.dialogTitle })).toBeVisible();
  const rect = await dialog.boundingBox();
  expect(rect!.x).toBeGreaterThanOrEqual(0);
  expect(rect!.x + rect!.width).toBeLessThanOrEqual(phone.width);
  await noHorizontalOverflow(page, 'the upload dialog');
  await shot(page, 'upload-dialog', { fullPage: false });
  // Every field is reachable: the dialog scrolls inside.
  await dialog.getByRole('button', { name: d.uploadButton }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: d.uploadButton })).toBeInViewport();
  await dialog.getByRole('button', { name: d.cancel }).click();
  await expect(dialog).toBeHidden();

  // At 1280 px the dialog is at most 550 px wide.
  await page.setViewportSize(desktop);
  await page.getByRole('button', { name: d.uploadButton }).first().click();
  const dialogWidth = (await dialog.boundingBox())!.width;
  expect(dialogWidth).toBeLessThanOrEqual(550);
  expect(dialogWidth).toBeGreaterThan(540);
  await shot(page, 'upload-dialog', { fullPage: false });
});

test('the screen, its menus and dialogs pass axe (WCAG 2.1 A and AA)', async ({ page }) => {
  // axe takes a few seconds a check on a page of fifty rows.
  test.setTimeout(90_000);
  const name = `Axe ${run}`;
  await createDocument(page, { name, document_type: 'company_ifta', expiration_date: day(7) });
  const check = async (what: string) => {
    await settled(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const found = violations.map(
      (v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`,
    );
    expect(found, `${what} has accessibility violations`).toEqual([]);
  };
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/fleet-dashboard/documents');
  await expect(row(page, name)).toBeVisible();
  await check('the documents list');
  await page.getByTestId('date-range-button').click();
  await expect(page.getByRole('grid')).toHaveCount(2);
  await check('the date-range picker');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: d.filters, exact: true }).click();
  await check('the Filters menu');
  await page.keyboard.press('Escape');
  await row(page, name).getByRole('button', { name: d.columns.actions, exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check("a row's menu");
  await page.getByRole('menuitem', { name: d.delete, exact: true }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('the delete confirmation');
  await page.getByRole('alertdialog').getByRole('button', { name: d.cancel }).click();
  await page.getByRole('button', { name: d.uploadButton }).first().click();
  await page.getByRole('dialog').getByLabel(d.vehicleTypeLabel).selectOption('truck');
  await check('the upload dialog');
});

test.describe('in a time zone west of UTC', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('a stored day shows as that day', async ({ page }) => {
    const name = `Zone ${run}`;
    await createDocument(page, { name, document_type: 'company_other', issue_date: '2025-01-04', expiration_date: '2025-01-05' });
    await page.goto(`/fleet-dashboard/documents?q=${encodeURIComponent(name)}`);
    await expect(row(page, name).getByRole('cell', { name: 'Jan 5, 2025', exact: true })).toBeVisible();
    await expect(row(page, name).getByText(d.status.expired, { exact: true })).toBeVisible();
  });
});
