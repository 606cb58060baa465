import { execFileSync } from 'node:child_process';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { format, settled, signIn, test, texts } from './support';

// Issue 32 §2: the ELD reports the stop. A fleet of its own (start-server.sh:
// Geo Haul LLC) connects the offline demo ELD and syncs its trucks and
// drivers; a load whose pickup is due is dispatched to one of them; the
// geofence job (run as an operator would: `longhaul run-job`) finds the demo
// truck at the pickup, and the office's load page says "Arrived (ELD)".

const geo = { email: 'geo@geohaul.test', password: 'secret123' };
const d = texts.loads.screens.detail;
const stamp = () => Date.now().toString(36);

async function office(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/auth/sign-in', { data: geo });
  expect(res.status(), await res.text()).toBe(200);
  const csrf = (await res.json()).csrf_token as string;
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const r = await api[method](path, { data, headers: { 'x-csrf-token': csrf } });
    expect(r.status(), `${method.toUpperCase()} ${path}: ${await r.text()}`).toBeLessThan(300);
    const text = await r.text();
    return text ? JSON.parse(text) : undefined;
  };
  return { api, call };
}

/** Syncs one kind from the connected provider and waits for the run to end. */
async function sync(call: (m: 'get' | 'post', p: string, d?: unknown) => Promise<any>, kind: string) {
  const run = await call('post', '/api/fleet/eld/syncs', { kind });
  await expect
    .poll(async () => (await call('get', `/api/fleet/eld/syncs/${run.id}`)).status, { timeout: 60_000 })
    .toBe('succeeded');
}

/** A clock in `zone` `hours` from now, on the hour, as the server's local time. */
function localIn(zone: string, hours: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:00:00`;
}

test('the demo ELD brings a dispatched truck into its pickup and the load shows "Arrived (ELD)"', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { api, call } = await office(baseURL!);
  const eld = await call('get', '/api/fleet/eld');
  if (!eld.integration) await call('put', '/api/fleet/eld/connection', { provider: 'demo' });
  await sync(call, 'trucks');
  await sync(call, 'drivers');
  const truck = (await call('get', '/api/fleet/trucks?per_page=5')).items[0];
  const driver = (await call('get', '/api/fleet/drivers?per_page=5')).items[0];
  expect(truck, 'a synced truck').toBeTruthy();
  expect(driver, 'a synced driver').toBeTruthy();

  const s = stamp();
  const customer = await call('post', '/api/fleet/customers', { name: `Geo Freight ${s}`, kind: 'broker' });
  const shipper = await call('post', '/api/fleet/facilities', {
    name: `Dock ${s}`,
    address: '1 Dock St',
    city: 'Nashville',
    state: 'TN',
    time_zone: 'America/Chicago',
  });
  const receiver = await call('post', '/api/fleet/facilities', {
    name: `DC ${s}`,
    address: '9 Warehouse Rd',
    city: 'Atlanta',
    state: 'GA',
    time_zone: 'America/New_York',
  });
  // The pickup is due (an hour ago): the demo truck waits at the dock from the dispatch on.
  const load = await call('post', '/api/fleet/loads', {
    customer_id: customer.id,
    load_number: `GEO-${s}`,
    equipment_type: 'van',
    rate_method: 'flat',
    linehaul_cents: 120000,
    fuel_surcharge_cents: 0,
    tonu_cents: 10000,
    detention_free_minutes: 120,
    detention_rate_cents: 5000,
    lumper_terms: 'Reimbursed with receipt',
    stops: [
      { kind: 'pickup', facility_id: shipper.id, appointment: localIn('America/Chicago', -1) },
      { kind: 'delivery', facility_id: receiver.id, appointment: localIn('America/New_York', 10) },
    ],
  });
  await call('post', `/api/fleet/loads/${load.id}/assignment`, {
    driver_id: driver.id,
    truck_id: truck.id,
    override_reason: 'browser test',
  });
  await call('post', `/api/fleet/loads/${load.id}/status`, { status: 'dispatched' });
  await api.dispose();

  // The job, as an operator runs it, against the server's own database.
  execFileSync(process.env.LONGHAUL_BIN!, ['run-job', 'eld_stop_geofence'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '/tmp/longhaul-e2e', RUST_LOG: 'warn' },
    stdio: 'pipe',
  });

  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, geo);
  await page.goto(`/fleet-dashboard/loads/${load.id}`);
  const arrived = format(d.reportedBy, { event: d.recordArrived, sources: texts.loads.screens.sources.eld });
  await expect(page.getByTestId('history-sources').filter({ hasText: arrived })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: '/tmp/eld-arrived-375.png', fullPage: true });
});
