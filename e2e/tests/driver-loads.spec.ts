import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { format, settled, signIn, test, texts } from './support';

// Issue 32: the driver's load on a phone (375 px). The office dispatches a
// load to a driver of the portal specs' fleet (seed-bench); the driver
// accepts it in the portal, serves the pickup, then loses the network at
// the delivery: the arrival and the POD photo wait on the phone, survive a
// reload without a network, and arrive exactly once when it comes back.
// The office's load page then shows both, reported by the driver.

const d = texts.driverPortal;
const t = texts.portalLoads;
const office = { email: 'bench@longhaul.test', password: 'demo-fleet-1' };
const SHARED_PASSWORD = 'Haul-Shared-42';
const stamp = () => Date.now().toString(36);
/** A small JPEG-named PNG photo of the signed POD. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The fleet's admin through the API, in a cookie jar of its own. */
class Office {
  private constructor(
    readonly api: APIRequestContext,
    private readonly csrf: string,
  ) {}

  static async signIn(baseURL: string): Promise<Office> {
    const api = await playwrightRequest.newContext({ baseURL });
    const res = await api.post('/api/auth/sign-in', { data: office });
    expect(res.status(), await res.text()).toBe(200);
    return new Office(api, (await res.json()).csrf_token);
  }

  async get<T = any>(path: string): Promise<T> {
    const res = await this.api.get(path);
    expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
    return res.json();
  }

  async write(method: 'post' | 'put', path: string, data?: unknown, status = 200): Promise<any> {
    const res = await this.api[method](path, { data, headers: { 'x-csrf-token': this.csrf } });
    expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(status);
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }
}

/** A clock in `zone` `hours` from now, as the server's local time ("2026-03-02T08:00:00"). */
function localIn(zone: string, hours: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:00:00`;
}

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the phone`).toBeLessThanOrEqual(0);
}

let admin: Office;
let saved: any;

test.beforeEach(async ({ baseURL }) => {
  admin = await Office.signIn(baseURL!);
  saved = (await admin.get('/api/fleet/account')).portal;
});

test.afterEach(async () => {
  await admin.write('put', '/api/fleet/settings/portal', {
    is_enabled: saved.is_enabled,
    login_method: saved.login_method,
    auth_type: saved.auth_type,
    welcome_message: saved.welcome_message,
  });
  await admin.api.dispose();
});

/** A driver of the fleet with a username and a truck, and a load dispatched to them. */
async function dispatchedLoad() {
  const drivers = (await admin.get('/api/fleet/drivers')).items as any[];
  let driver: any;
  for (const item of drivers) {
    if (!item.username) continue;
    const detail = await admin.get(`/api/fleet/drivers/${item.id}`);
    if (detail.assigned_truck) {
      driver = detail;
      break;
    }
  }
  expect(driver, 'a driver with a truck').toBeTruthy();
  const s = stamp();
  const customer = await admin.write('post', '/api/fleet/customers', { name: `Phone Freight ${s}`, kind: 'broker' }, 201);
  const shipper = await admin.write(
    'post',
    '/api/fleet/facilities',
    { name: `Music Row Foods ${s}`, address: '1 Dock St', city: 'Nashville', state: 'TN', time_zone: 'America/Chicago' },
    201,
  );
  const receiver = await admin.write(
    'post',
    '/api/fleet/facilities',
    { name: `Peach DC ${s}`, address: '9 Warehouse Rd', city: 'Atlanta', state: 'GA', time_zone: 'America/New_York' },
    201,
  );
  const load = await admin.write(
    'post',
    '/api/fleet/loads',
    {
      customer_id: customer.id,
      load_number: `PH-${s}`,
      bol_number: `BOL-${s}`,
      equipment_type: 'van',
      length_ft: 53,
      weight_lbs: 41000,
      commodity: 'Canned goods',
      rate_method: 'flat',
      linehaul_cents: 150000,
      fuel_surcharge_cents: 20000,
      tonu_cents: 15000,
      detention_free_minutes: 120,
      detention_rate_cents: 5000,
      lumper_terms: 'Reimbursed with receipt',
      stops: [
        { kind: 'pickup', facility_id: shipper.id, appointment: localIn('America/Chicago', 1) },
        { kind: 'delivery', facility_id: receiver.id, appointment: localIn('America/New_York', 10) },
      ],
    },
    201,
  );
  await admin.write('post', `/api/fleet/loads/${load.id}/assignment`, {
    driver_id: driver.id,
    truck_id: driver.assigned_truck.id,
    override_reason: 'browser test',
  });
  await admin.write('post', `/api/fleet/loads/${load.id}/status`, { status: 'dispatched' });
  return { driver, load };
}

test('a driver accepts a load, works it offline at the delivery, and the office sees each event once', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await admin.write('put', '/api/fleet/settings/portal', {
    is_enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    welcome_message: null,
    system_password: SHARED_PASSWORD,
  });
  const portalFleet = (await admin.get<{ url: string }>('/api/fleet/portal/link')).url.split('/').pop()!;
  const { driver, load } = await dispatchedLoad();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/driver-portal/${portalFleet}`);
  await page.getByLabel(d.usernameLabel, { exact: true }).fill(driver.username);
  await page.getByLabel(d.passwordLabel, { exact: true }).fill(SHARED_PASSWORD);
  await page.getByRole('button', { name: d.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/driver-portal/${portalFleet}/home$`));

  // Home → Loads → the load.
  await page.getByRole('link', { name: t.openLoads }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await noHorizontalScroll(page, 'the loads list');
  await page.getByRole('link', { name: new RegExp(format(t.loadTitle, { load: load.load_number })) }).click();
  const screen = page.getByTestId('portal-load');
  await expect(screen.getByRole('heading', { level: 1, name: format(t.loadTitle, { load: load.load_number }) })).toBeVisible();
  // Never the money: the fleet has not turned revenue on.
  await expect(screen.getByText(t.revenue)).toHaveCount(0);
  await noHorizontalScroll(page, 'the load');

  // Accept.
  await screen.getByRole('button', { name: t.accept }).click();
  await expect(screen.getByText(t.accepted)).toBeVisible();

  // The pickup, online: arrived, loaded, departed.
  const pickup = screen.getByTestId('stop-0');
  await pickup.getByRole('button', { name: t.arrived, exact: true }).click();
  await expect(pickup.getByTestId('stop-0-arrived')).toContainText(`(${t.sourceDriver})`);
  await pickup.getByRole('button', { name: t.loaded, exact: true }).click();
  await expect(pickup.getByRole('listitem').filter({ hasText: `${t.completedLoaded} (${t.sourceDriver})` })).toBeVisible();
  await pickup.getByRole('button', { name: t.departed, exact: true }).click();
  await expect(pickup.getByTestId('stop-0-departed')).toBeVisible();
  await expect(page.getByTestId('portal-outbox')).toHaveCount(0);
  await settled(page);

  // No network at the delivery: arrive and send the POD photo.
  await context.setOffline(true);
  const delivery = screen.getByTestId('stop-1');
  await delivery.getByRole('button', { name: t.arrived, exact: true }).click();
  const pod = delivery.getByRole('form', { name: t.pod });
  await pod.getByLabel(t.podAddPages).setInputFiles({ name: 'pod-page-1.png', mimeType: 'image/png', buffer: PHOTO });
  await pod.getByLabel(t.receiverName).fill('Pat Receiver');
  await pod.getByRole('button', { name: t.podSend }).click();
  const waiting = page.getByTestId('portal-outbox');
  await expect(waiting.getByRole('heading', { name: format(texts.portalOffline.waitingToSend, { count: 2 }) })).toBeVisible();
  await page.screenshot({ path: '/tmp/portal-load-offline-375.png', fullPage: true });

  // Closed and opened again without a network: the screen and the queue are still there.
  await page.reload();
  await expect(page.getByTestId('portal-load')).toBeVisible();
  await expect(
    page.getByTestId('portal-outbox').getByRole('heading', { name: format(texts.portalOffline.waitingToSend, { count: 2 }) }),
  ).toBeVisible();
  await noHorizontalScroll(page, 'the load offline');

  // The network is back: both are sent, once.
  await context.setOffline(false);
  await expect(page.getByTestId('portal-outbox')).toHaveCount(0, { timeout: 20_000 });
  const after = await admin.get(`/api/fleet/loads/${load.id}`);
  expect(after.stops[1].arrived_at).toBeTruthy();
  const arrivals = after.history.filter((e: any) => e.at7_code === 'X1');
  expect(arrivals).toHaveLength(1);
  const docs = await admin.get(`/api/fleet/loads/${load.id}/documents`);
  const pods = (Array.isArray(docs) ? docs : docs.items).filter((x: any) => x.document_type === 'proof_of_delivery');
  expect(pods).toHaveLength(1);
  expect(after.status).toBe('delivered');

  // The office's load page shows the driver's events and the POD.
  const officePage = await context.browser()!.newPage({ baseURL });
  await signIn(officePage, office);
  await officePage.goto(`/fleet-dashboard/loads/${load.id}`);
  await expect(officePage.getByText(/driver/i).first()).toBeVisible();
  await expect(officePage.getByText('pod-page-1', { exact: false }).first()).toBeVisible();
  await officePage.close();
});

// Decision 048: a portal page is the portal's own build (portal.html), opened
// with hints for the requests its first screen makes; a hint that is not the
// portal's URL to the byte would cost a request and save nothing.
test('a cold Loads screen is the portal’s own page and asks once for each request it hinted', async ({ page }) => {
  await admin.write('put', '/api/fleet/settings/portal', {
    is_enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    welcome_message: null,
    system_password: SHARED_PASSWORD,
  });
  const portalFleet = (await admin.get<{ url: string }>('/api/fleet/portal/link')).url.split('/').pop()!;
  const drivers = (await admin.get('/api/fleet/drivers')).items as any[];
  const driver = drivers.find((candidate) => candidate.username)!;
  const signedIn = await page.request.post(`/api/portal/${portalFleet}/sign-in`, {
    data: { login: driver.username, password: SHARED_PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search);
  });
  await page.goto(`/driver-portal/${portalFleet}/loads`);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByTestId('portal-loads').or(page.getByTestId('portal-loads-empty'))).toBeVisible();
  await settled(page);

  await expect(page.locator('script[type="module"][src^="/assets/portal-"]')).toHaveCount(1);
  const hinted = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
  );
  expect(hinted.sort()).toEqual(['/api/portal/loads', '/api/portal/me']);
  for (const href of hinted) expect(requested.filter((url) => url === href), `requests to ${href}`).toEqual([href]);
});
