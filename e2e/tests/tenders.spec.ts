import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  expect,
  request as playwrightRequest,
  type Browser,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';
import { followMailLink, format, settled, signIn, specToast, test, texts, users } from './support';

// Issue 33, the browser acceptance: a broker user tenders a load to a posted
// demo truck → the fleet admin accepts from the e-mail's one-time link → the
// rate confirmation PDF downloads on both sides, and its text names both
// parties, the stops and the total → the demo ELD brings the truck to the
// pickup → the broker's shipment shows "Arrived at pickup" → delivery and POD
// → the broker sees the POD.
//
// A fleet of its own (start-server.sh: Tender Haul LLC) connects the offline
// demo ELD and posts one of its synced trucks; a broker account is made by the
// super admin, its admin invites the broker user who tenders. The user steps
// (tendering, accepting from the link, opening the shipment, downloading) go
// through the screens; the setup and the carrier's own dispatch go through the
// API, and the geofence job runs as an operator runs it (`longhaul run-job`).

const carrier = { email: 'tender@tenderhaul.test', password: 'secret123', name: 'Tender Haul LLC', person: 'Tess Tender' };
const ts = texts.tenderScreens;
const form = texts.loads.screens.form;
const SHOTS = '/tmp/tender-shots';
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

type Call = <T = any>(method: 'get' | 'post' | 'put', path: string, data?: unknown) => Promise<T>;

/** An API session of `user` (its CSRF token on every write), as the SPA holds one. */
async function apiSession(baseURL: string, user: { email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/auth/sign-in', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  const csrf = (await res.json()).csrf_token as string;
  const call: Call = async (method, path, data) => {
    const r = await api[method](path, { data, headers: { 'x-csrf-token': csrf } });
    const text = await r.text();
    expect(r.status(), `${method.toUpperCase()} ${path}: ${text}`).toBeLessThan(300);
    return text ? JSON.parse(text) : undefined;
  };
  return { api, csrf, call };
}

/** Syncs one kind from the connected provider and waits for the run to end. */
async function sync(call: Call, kind: string) {
  const run = await call('post', '/api/fleet/eld/syncs', { kind });
  await expect
    .poll(async () => (await call('get', `/api/fleet/eld/syncs/${run.id}`)).status, { timeout: 60_000 })
    .toBe('succeeded');
}

/** A clock in `zone` `minutes` from now, to the minute, as a `datetime-local` value. */
function localIn(zone: string, minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The instant `ms` on the clock of `zone`, to the second ('2026-03-02T08:10:05'). */
function localAt(zone: string, ms: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/** 'YYYY-MM-DD' of today (UTC) plus `days`. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The text of a downloaded PDF, its whitespace folded (pdftotext, poppler-utils). */
async function pdfText(download: Download): Promise<string> {
  const path = (await download.path())!;
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The test's own page waits on its requests (support.ts); the other contexts' pages on the network. */
let mainPage: Page | null = null;
async function quiet(page: Page) {
  if (page === mainPage) return settled(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], [role="status"]:has(.animate-spin)')).toHaveCount(0);
}

async function shot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await quiet(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png` });
}

/** Nothing wider than the window (the page, and an open dialog's own box). */
async function expectFits(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    dialog: (() => {
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
      return dialog ? dialog.scrollWidth - dialog.clientWidth : 0;
    })(),
    window: window.innerWidth,
  }));
  expect(widths.page, `${what} at ${widths.window} px is ${widths.page} px wide`).toBeLessThanOrEqual(widths.window);
  expect(widths.dialog, `${what}: the dialog scrolls sideways at ${widths.window} px`).toBeLessThanOrEqual(0);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: desktop });
  return context.newPage();
}

/** Follows an invitation's link and chooses the password: the new user is signed in. */
async function acceptInvite(page: Page, email: string, password: string) {
  await followMailLink(page, email, 'Choose your password');
  await page.getByLabel(texts.auth.chooseNewPassword).fill(password);
  await page.getByRole('button', { name: texts.auth.inviteButton }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Chooses `option` of the select labelled `label` inside `scope` by its visible text. */
async function choose(scope: Locator, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  const value = await select.locator('option', { hasText: option }).first().getAttribute('value');
  expect(value, `${label}: ${option}`).toBeTruthy();
  await select.selectOption(value!);
}

test('a broker tenders to a posted demo truck, the carrier accepts by e-mail link, and the broker follows it to the POD', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const s = Date.now().toString(36);
  const loadNumber = `TND-${s}`;
  const brokerage = `Ridgeline Logistics ${s}`;
  const leadEmail = `lead-${s}@ridgeline.test`;
  const agentEmail = `agent-${s}@ridgeline.test`;
  const shipper = { name: `Music City Foods ${s}`, address: '100 Dock St', city: 'Nashville', state: 'TN', time_zone: 'America/Chicago' };
  const receiver = { name: `Peach DC ${s}`, address: '9 Warehouse Rd', city: 'Atlanta', state: 'GA', time_zone: 'America/New_York' };

  // --- Setup: the carrier connects the demo ELD and posts a synced truck. ---
  const fleet = await apiSession(baseURL!, carrier);
  const eld = await fleet.call('get', '/api/fleet/eld');
  if (!eld.integration) await fleet.call('put', '/api/fleet/eld/connection', { provider: 'demo' });
  await sync(fleet.call, 'trucks');
  await sync(fleet.call, 'drivers');
  const truck = (await fleet.call('get', '/api/fleet/trucks?per_page=5')).items[0];
  const driver = (await fleet.call('get', '/api/fleet/drivers?per_page=5')).items[0];
  expect(truck, 'a synced truck').toBeTruthy();
  expect(driver, 'a synced driver').toBeTruthy();
  const posting = await fleet.call('post', '/api/fleet/postings', {
    vehicle_id: truck.id,
    location_source: 'typed',
    origin: 'Nashville, TN',
    available_from: day(0),
    available_to: day(3),
    equipment_type: 'van',
  });

  // --- Setup: the super admin makes the broker account; its admin invites the broker user. ---
  const admin = await apiSession(baseURL!, users.superAdmin);
  await admin.call('post', '/api/admin/broker-accounts', {
    name: brokerage,
    mc_number: 'MC-778899',
    admin_email: leadEmail,
    admin_first_name: 'Lee',
    admin_last_name: 'Lead',
  });
  await admin.api.dispose();
  const lead = await newPage(browser);
  await acceptInvite(lead, leadEmail, 'Broker-lead-1');
  const leadApi = await apiSession(baseURL!, { email: leadEmail, password: 'Broker-lead-1' });
  await leadApi.call('post', '/api/broker/users', {
    email: agentEmail,
    first_name: 'Ava',
    last_name: 'Agent',
    role: 'broker_user',
  });
  await leadApi.api.dispose();
  await lead.context().close();

  const agent = page;
  mainPage = page;
  await agent.setViewportSize(desktop);
  await acceptInvite(agent, agentEmail, 'Broker-agent-1');
  // The broker's own facility list (shipper and receiver).
  const agentApi = await apiSession(baseURL!, { email: agentEmail, password: 'Broker-agent-1' });
  await agentApi.call('post', '/api/broker/facilities', shipper);
  await agentApi.call('post', '/api/broker/facilities', receiver);

  // --- 1. The broker user finds the posted truck and tenders the load (UI). ---
  // The pickup is due (an hour ago): the demo truck waits at the dock once dispatched.
  const pickupAt = localIn('America/Chicago', -60);
  const deliveryAt = localIn('America/New_York', 10 * 60);
  await agent.goto('/broker/board');
  await agent.getByLabel(texts.board.search.origin).fill('Nashville, TN');
  await agent.getByLabel(texts.board.search.radius).fill('50');
  await agent.getByRole('checkbox', { name: texts.board.equipment.van, exact: true }).check();
  await agent.getByRole('button', { name: texts.board.search.submit, exact: true }).click();
  const result = agent.getByTestId('board-result').filter({ hasText: carrier.name });
  await expect(result).toHaveCount(1);
  await result.getByRole('button', { name: /^Details/ }).click();
  const details = agent.getByRole('dialog');
  await details.getByRole('button', { name: ts.form.open, exact: true }).click();
  const dialog = agent.getByRole('dialog', { name: ts.form.title });
  await expect(dialog.getByText(format(ts.form.description, { carrier: carrier.name }))).toBeVisible();

  const stop = (n: number) => dialog.getByRole('listitem').filter({ hasText: format(form.stopN, { n }) });
  await choose(stop(1), form.facility, shipper.name);
  await stop(1).getByLabel(form.appointmentAt, { exact: true }).fill(pickupAt);
  await choose(stop(2), form.facility, receiver.name);
  await stop(2).getByLabel(form.appointmentAt, { exact: true }).fill(deliveryAt);
  await dialog.getByLabel(form.commodity, { exact: true }).fill('Canned goods');
  await dialog.getByLabel(form.weight, { exact: true }).fill('38000');
  await dialog.getByLabel(form.linehaul, { exact: true }).fill('1850');
  await dialog.getByLabel(form.fuelSurcharge, { exact: true }).fill('200');
  await dialog.getByRole('button', { name: form.addAccessorial }).click();
  await dialog.getByLabel(form.amount, { exact: true }).fill('75');
  await dialog.getByLabel(form.note, { exact: true }).fill('Unloading at receiver');
  await dialog.getByLabel(form.detentionFree, { exact: true }).fill('2');
  await dialog.getByLabel(form.detentionRate, { exact: true }).fill('50');
  await dialog.getByLabel(form.tonu, { exact: true }).fill('150');
  await dialog.getByLabel(form.tonuWindow, { exact: true }).fill('24');
  await dialog.getByLabel(form.lumperTerms, { exact: true }).fill('Reimbursed with receipt');
  await dialog.getByLabel(form.loadNumber, { exact: true }).fill(loadNumber);
  await expect(dialog.getByText(format(ts.form.total, { total: '$2,125.00' }))).toBeVisible();
  await shot(agent, 'tender-dialog', desktop);
  await shot(agent, 'tender-dialog', phone);
  await expectFits(agent, 'the tender dialog');
  await agent.setViewportSize(desktop);
  await dialog.getByRole('button', { name: ts.form.submit }).click();
  await expect(specToast(agent, format(ts.form.sent, { load: loadNumber }))).toBeVisible();
  await expect(agent).toHaveURL(/\/broker\/tenders$/);
  await expect(agent.getByRole('heading', { name: format(ts.tenders.loadNumber, { load: loadNumber }) })).toBeVisible();

  // The fleet admin sees it on the Loads page's Tenders tab (screenshots of its dialog).
  const office = await newPage(browser);
  await signIn(office, carrier);
  await office.goto('/fleet-dashboard/loads?tab=tenders');
  const row = office.getByRole('listitem').filter({ hasText: format(ts.tenders.loadNumber, { load: loadNumber }) });
  await row.getByRole('button', { name: ts.fleet.review }).click();
  const review = office.getByRole('dialog', { name: format(ts.fleet.detailTitle, { load: loadNumber, broker: brokerage }) });
  await expect(review.getByRole('button', { name: ts.fleet.accept, exact: true })).toBeVisible();
  await shot(office, 'fleet-tenders-dialog', desktop);
  await shot(office, 'fleet-tenders-dialog', phone);
  await expectFits(office, "the fleet's tender dialog");
  await office.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await shot(office, 'fleet-tenders-tab', phone);
  await expectFits(office, 'the fleet Tenders tab');
  await office.setViewportSize(desktop);

  // --- 2. The fleet admin accepts from the e-mail's one-time link (not signed in). ---
  const inbox = await newPage(browser);
  await followMailLink(inbox, carrier.email, texts.tenders.offerButton);
  await expect(inbox).toHaveURL(new RegExp(`/tender/[0-9a-f-]+/[^/]+$`));
  await expect(inbox.getByRole('heading', { name: format(ts.link.title, { load: loadNumber }) })).toBeVisible();
  await shot(inbox, 'tender-link', desktop);
  await shot(inbox, 'tender-link', phone);
  await expectFits(inbox, 'the tender link page');
  await inbox.setViewportSize(desktop);
  await inbox.getByRole('button', { name: ts.fleet.accept, exact: true }).click();
  const accept = inbox.getByRole('form', { name: ts.fleet.acceptTitle });
  await expect(accept.getByLabel(ts.fleet.acceptorName)).toHaveValue(carrier.person);
  await accept.getByLabel(ts.fleet.acceptorTitle).fill('Dispatch manager');
  await accept.getByRole('button', { name: ts.fleet.acceptSubmit }).click();
  await expect(inbox.getByText(format(ts.link.accepted, { load: loadNumber }))).toBeVisible();
  await shot(inbox, 'tender-link-accepted', phone);
  await inbox.context().close();

  // --- 3. The rate confirmation downloads on both sides and names parties, stops and total. ---
  const expectRateCon = async (text: string, side: string) => {
    for (const needed of [
      brokerage,
      carrier.name,
      'MC: 778899',
      'USDOT: 3000005',
      shipper.name,
      `${shipper.city}, ${shipper.state}`,
      receiver.name,
      `${receiver.city}, ${receiver.state}`,
      '$2,125.00',
      loadNumber,
      carrier.person,
      'Dispatch manager',
    ])
      expect(text, `the ${side}'s rate confirmation names ${needed}`).toContain(needed);
  };

  // The carrier: its load (from the closed tender) and the PDF in the load's documents.
  await office.goto('/fleet-dashboard/loads?tab=tenders');
  await office.getByLabel(ts.fleet.showClosed).check();
  await office
    .getByRole('listitem')
    .filter({ hasText: format(ts.tenders.loadNumber, { load: loadNumber }) })
    .getByRole('button', { name: ts.fleet.review })
    .click();
  await office.getByRole('link', { name: ts.fleet.openLoad }).click();
  await expect(office).toHaveURL(/\/fleet-dashboard\/loads\/[0-9a-f-]+$/);
  const loadId = office.url().split('/').pop()!;
  const rateConRow = office.locator('tr, [data-testid="data-card"]').filter({ hasText: /rate-con|Rate con/i });
  await expect(rateConRow.first()).toBeVisible();
  await rateConRow.first().getByRole('button', { name: texts.documents.columns.actions, exact: true }).click();
  const carrierDownloading = office.waitForEvent('download');
  await office.getByRole('menuitem', { name: texts.documents.download }).click();
  const carrierPdf = await carrierDownloading;
  expect(carrierPdf.suggestedFilename()).toBe(format(texts.tenders.rateCon.fileName, { load: loadNumber, revision: 1 }));
  await expectRateCon(await pdfText(carrierPdf), 'carrier');

  // The broker: the shipments list, the shipment, and the same PDF.
  await agent.goto('/broker/shipments');
  const shipmentLink = agent.getByRole('link', { name: loadNumber, exact: true });
  await expect(shipmentLink.first()).toBeVisible();
  await shot(agent, 'broker-shipments', desktop);
  await shot(agent, 'broker-shipments', phone);
  await expectFits(agent, '/broker/shipments');
  await agent.setViewportSize(desktop);
  await shipmentLink.first().click();
  await expect(agent.getByRole('heading', { level: 1, name: format(ts.shipment.title, { load: loadNumber }) })).toBeVisible();
  const brokerDownloading = agent.waitForEvent('download');
  await agent.getByRole('link', { name: format(ts.shipment.download, { name: format(ts.shipment.rateConRevision, { revision: 1 }) }) }).click();
  const brokerPdf = await brokerDownloading;
  await expectRateCon(await pdfText(brokerPdf), 'broker');

  // --- 4. The carrier dispatches the load to the posted demo truck; the demo ELD reports the arrival. ---
  await fleet.call('post', `/api/fleet/loads/${loadId}/assignment`, {
    driver_id: driver.id,
    truck_id: truck.id,
    override_reason: 'browser test',
  });
  await fleet.call('post', `/api/fleet/loads/${loadId}/status`, { status: 'dispatched' });
  execFileSync(process.env.LONGHAUL_BIN!, ['run-job', 'eld_stop_geofence'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '/tmp/longhaul-e2e', RUST_LOG: 'warn' },
    stdio: 'pipe',
  });

  // --- 5. The broker's shipment shows "Arrived at pickup", reported by the ELD. ---
  await agent.reload();
  const milestones = agent.getByRole('heading', { name: ts.shipment.milestones }).locator('..');
  const arrived = milestones.getByRole('listitem').filter({ hasText: texts.tenders.milestone_X3 });
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText(ts.shipment.reportedByEld);
  // Stops count from 1 on screen (the API's `seq` from 0), as the rate confirmation prints them.
  await expect(arrived).toContainText(format(ts.shipment.stopN, { n: 1 }));
  await shot(agent, 'shipment-tracking', desktop);
  await shot(agent, 'shipment-tracking', phone);
  await agent.screenshot({ path: `${SHOTS}/shipment-tracking-375-full.png`, fullPage: true });
  await expectFits(agent, 'the shipment page');
  await agent.setViewportSize(desktop);

  // --- 6. Delivery and POD (the carrier's office), and the broker sees the POD. ---
  // The office reports the rest, each a few seconds after the ELD's arrival (stamped with the
  // position's time) and none in the future by the time the POD delivers the load.
  const arrivedAt = Date.parse((await fleet.call('get', `/api/fleet/loads/${loadId}`)).stops[0].arrived_at);
  const after = (zone: string, seconds: number) => localAt(zone, arrivedAt + seconds * 1000);
  const reports = [
    [0, 'completed', after('America/Chicago', 1)],
    [0, 'departed', after('America/Chicago', 2)],
    [1, 'arrived', after('America/New_York', 3)],
  ] as const;
  for (const [seq, event, at] of reports) await fleet.call('post', `/api/fleet/loads/${loadId}/stops/${seq}/events`, { event, at });
  await expect.poll(() => Date.now(), { message: 'the reports are past' }).toBeGreaterThan(arrivedAt + 4000);
  const podBytes = Buffer.from(`%PDF-1.4\n% POD ${loadNumber}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
  const pod = await fleet.api.post(`/api/fleet/loads/${loadId}/documents`, {
    headers: { 'x-csrf-token': fleet.csrf },
    multipart: {
      name: `POD ${loadNumber}`,
      document_type: 'proof_of_delivery',
      file: { name: `pod-${loadNumber}.pdf`, mimeType: 'application/pdf', buffer: podBytes },
    },
  });
  expect(pod.status(), await pod.text()).toBe(201);
  expect((await fleet.call('get', `/api/fleet/loads/${loadId}`)).status).toBe('delivered');

  await agent.reload();
  await expect(
    agent.getByRole('heading', { level: 1 }).locator('..').getByText(texts.loads.screens.status.delivered, { exact: true }),
  ).toBeVisible();
  const podLink = agent.getByRole('link', { name: format(ts.shipment.download, { name: ts.shipment.pod }) });
  await expect(podLink).toBeVisible();
  const podDownloading = agent.waitForEvent('download');
  await podLink.click();
  const podDownload = await podDownloading;
  expect(readFileSync((await podDownload.path())!).equals(podBytes)).toBe(true);
  await shot(agent, 'shipment-delivered', desktop);
  await shot(agent, 'shipment-delivered', phone);
  await agent.screenshot({ path: `${SHOTS}/shipment-delivered-375-full.png`, fullPage: true });
  await expectFits(agent, 'the delivered shipment page');

  await agentApi.api.dispose();
  await fleet.api.dispose();
  await office.context().close();
});
