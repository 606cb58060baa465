import { expect, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { format, pattern, settled, signIn, specToast, test, texts } from './support';

// Issue 31's browser acceptance, through the real UI: a rate con is uploaded
// and its draft reviewed and saved; a driver whose medical card has expired
// is assigned (the Block shown, overridden with a reason), then an eligible
// driver; the load is dispatched and its load sheet is in the dev mailbox;
// the pickup's arrival and a departure three hours later propose detention;
// the delivery's departure delivers the load. At a desktop and a phone
// width, no screen wider than the window.
//
// On the bench fleet (bench@longhaul.test, 8 drivers and 8 trucks, no loads),
// which the driver-portal specs use only for its portal settings. Each width
// prepares two drivers of its own (their qualifications and e-mail set
// through the API), so the two runs never share a driver.

const bench = { email: 'bench@longhaul.test', password: 'demo-fleet-1' };
const rateCon = fileURLToPath(
  new URL('../../crates/longhaul/tests/fixtures/rate_cons/01_summit_stacked.pdf', import.meta.url),
);
// What 01_summit_stacked.pdf says (its .expected.json): one pickup, one delivery, two hours free.
const summit = {
  loadNumber: 'SF-2026-10442',
  customer: 'SUMMIT FREIGHT BROKERAGE LLC',
  pickup: 'Acme Foods DC',
  delivery: 'Kroger Distribution Center',
  pickupAt: '2026-03-02T08:00',
  deliveryAt: '2026-03-04T07:00',
};

const s = texts.loads.screens;
const f = s.form;
const d = s.detail;
const a = texts.loads.dispatch.assign;

async function expectFits(page: Page, what: string) {
  await settled(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/** The status badge beside the load page's heading. */
async function expectStatus(page: Page, status: string) {
  const header = page.getByRole('heading', { level: 1, name: pattern(d.pro) }).locator('..');
  await expect(header.getByText(status, { exact: true })).toBeVisible();
}

/** A call to the API as the signed-in user (the session's CSRF token, as the SPA sends it). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/api/auth/session')).json();
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

interface Driver {
  id: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  license_number: string | null;
  license_state: string | null;
  notes: string | null;
}

async function setQualification(page: Page, driverId: string, kind: 'cdl' | 'medical', expires: string) {
  const { status } = await api(page, 'PUT', `/api/fleet/drivers/${driverId}/qualifications/${kind}`, {
    number: kind === 'cdl' ? 'E2E1234567' : null,
    state: kind === 'cdl' ? 'TX' : null,
    class: kind === 'cdl' ? 'A' : null,
    done_on: null,
    expires_on: expires,
    document_id: null,
  });
  expect(status, `saving the ${kind} of driver ${driverId}`).toBe(200);
}

async function setEmail(page: Page, driver: Driver, email: string) {
  const { status } = await api(page, 'PUT', `/api/fleet/drivers/${driver.id}`, {
    first_name: driver.first_name,
    last_name: driver.last_name,
    username: driver.username,
    email,
    phone: driver.phone,
    license_number: driver.license_number,
    license_state: driver.license_state,
    notes: driver.notes,
  });
  expect(status, `saving the e-mail of driver ${driver.id}`).toBe(200);
}

/** A stop event through the load page's dialog, at a time on the facility's clock. */
async function stopEvent(page: Page, stop: number, label: string, at: string) {
  const item = page.getByRole('listitem', { name: format(f.stopN, { n: stop }) });
  await item.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: format(d.eventTitle, { event: label, n: stop }) });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(pattern(d.eventTime)).fill(at);
  await dialog.getByRole('button', { name: d.saveEvent }).click();
  await expect(dialog).toBeHidden();
}

/** A stop's recorded time (its Arrived or Departed entry), as the load page shows it on the facility's clock. */
function recorded(stop: Locator, term: string) {
  const name = stop.page().getByRole('term').filter({ hasText: new RegExp(`^${term}$`) });
  return stop.locator('dl > div').filter({ has: name }).getByRole('definition');
}

test.use({ reducedMotion: 'reduce' });

for (const [run, viewport] of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
].entries()) {
  test(`a rate con becomes a delivered load at ${viewport.width} px`, async ({ page }) => {
    // A whole load's life on a busy machine: more than the default 30 s.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, bench);

    // The drivers of this run: A's medical card has expired, B is qualified past the load and has an e-mail.
    const drivers = (await api<{ items: Driver[] }>(page, 'GET', '/api/fleet/drivers?per_page=100')).json.items;
    // The fleet's last four drivers, two per width.
    expect(drivers.length).toBeGreaterThanOrEqual(4);
    const [driverA, driverB] = drivers.slice(-4).slice(2 * run, 2 * run + 2);
    await setQualification(page, driverA.id, 'cdl', '2030-12-31');
    await setQualification(page, driverA.id, 'medical', '2025-01-31');
    await setQualification(page, driverB.id, 'cdl', '2030-12-31');
    await setQualification(page, driverB.id, 'medical', '2030-12-31');
    const emailB = `e2e-rate-con-${viewport.width}-${Date.now().toString(36)}@bench.test`;
    await setEmail(page, driverB, emailB);

    // 1. Upload the rate con from the loads list.
    await page.goto('/fleet-dashboard/loads');
    await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
    await expectFits(page, 'the loads list');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: s.uploadRateCon }).first().click();
    await (await chooser).setFiles(rateCon);

    // 2. The draft, for review: read from the rate con, each value marked so.
    await expect(page.getByRole('heading', { name: f.fromRateConTitle, level: 1 })).toBeVisible();
    await expect(page.getByLabel(f.loadNumber, { exact: true })).toHaveValue(summit.loadNumber);
    await expect(page.getByText(f.fromRateCon, { exact: true }).first()).toBeVisible();
    const pickup = page.getByRole('listitem', { name: format(f.stopN, { n: 1 }) });
    const delivery = page.getByRole('listitem', { name: format(f.stopN, { n: 2 }) });
    await expect(pickup.getByLabel(f.appointmentAt, { exact: true })).toHaveValue(summit.pickupAt);
    await expect(delivery.getByLabel(f.appointmentAt, { exact: true })).toHaveValue(summit.deliveryAt);
    await expectFits(page, 'the rate con draft');

    // The customer and facilities the fleet does not have yet are added from the form, filled from the rate con.
    const customer = page.getByLabel(f.customer, { exact: true });
    if ((await customer.inputValue()) === '') {
      await page.getByRole('button', { name: f.addCustomer }).click();
      const dialog = page.getByRole('dialog', { name: f.newCustomerTitle });
      await expect(dialog.getByLabel(f.customerName, { exact: true })).toHaveValue(summit.customer);
      await expectFits(page, 'the new customer dialog');
      await dialog.getByRole('button', { name: f.saveCustomer }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(customer).toHaveValue(/.+/);
    for (const [stop, name] of [
      [pickup, summit.pickup],
      [delivery, summit.delivery],
    ] as const) {
      const facility = stop.getByLabel(f.facility, { exact: true });
      if ((await facility.inputValue()) === '') {
        await stop.getByRole('button', { name: f.addThisFacility }).click();
        const dialog = page.getByRole('dialog', { name: f.newFacilityTitle });
        await expect(dialog.getByLabel(f.facilityName, { exact: true })).toHaveValue(name);
        await expectFits(page, 'the new facility dialog');
        await dialog.getByRole('button', { name: f.saveFacility }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(facility).toHaveValue(/.+/);
    }

    // 3. Saved: the load's page.
    await page.getByRole('button', { name: f.save }).click();
    const heading = page.getByRole('heading', { level: 1, name: pattern(d.pro) });
    await expect(heading).toBeVisible();
    await expect(page).toHaveURL(/\/fleet-dashboard\/loads\/[0-9a-f-]{36}$/);
    const loadId = /loads\/([0-9a-f-]{36})$/.exec(page.url())![1];
    const pro = (await heading.textContent())!.replace(/^PRO /, '');
    await expect(page.getByText(format(d.loadNumber, { n: summit.loadNumber }), { exact: false })).toBeVisible();
    await expect(page.getByText(summit.pickup, { exact: true })).toBeVisible();
    await expect(page.getByText(summit.delivery, { exact: true })).toBeVisible();
    await expectStatus(page, s.status.accepted);
    await expectFits(page, 'the new load page');

    // A truck nothing blocks driver B on (the fleet's trucks in order).
    const trucks = (await api<{ items: { id: string }[] }>(page, 'GET', '/api/fleet/trucks?per_page=100')).json.items;
    let truckId: string | undefined;
    for (const truck of trucks) {
      const check = await api<{ blocked: boolean }>(page, 'POST', `/api/fleet/loads/${loadId}/eligibility`, {
        driver_id: driverB.id,
        truck_id: truck.id,
      });
      expect(check.status).toBe(200);
      if (!check.json.blocked) {
        truckId = truck.id;
        break;
      }
    }
    expect(truckId, 'a truck driver B can take the load with').toBeTruthy();

    // 4. Driver A: the expired medical card blocks; assigned anyway, with a reason.
    await page.getByRole('link', { name: d.assign }).click();
    await expect(page).toHaveURL(new RegExp(`/fleet-dashboard/dispatch\\?.*assign=${loadId}`));
    const dialog = page.getByRole('dialog', { name: format(a.title, { pro }) });
    await expect(dialog).toBeVisible();
    const findings = dialog.getByRole('region', { name: a.findings });
    await dialog.getByLabel(a.driver, { exact: true }).selectOption(driverA.id);
    await dialog.getByLabel(a.truck, { exact: true }).selectOption(truckId!);
    const block = findings.locator('[data-severity="block"]');
    await expect(block.getByText(a.block, { exact: true })).toBeVisible();
    await expect(block.getByText(texts.loads.findings.medical_card_expired)).toBeVisible();
    await expect(dialog.getByText(a.blockedNote)).toBeVisible();
    await expectFits(page, 'the assignment dialog with a Block');
    await dialog.getByRole('button', { name: a.submitOverride }).click();
    await expect(dialog.getByText(a.overrideRequired)).toBeVisible();
    await dialog.getByLabel(a.overrideReason).fill('Medical card renewed this morning; copy on its way (browser test)');
    await dialog.getByRole('button', { name: a.submitOverride }).click();
    await expect(dialog.getByText(format(a.assigned, { pro }))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // 5. Driver B instead (a planned load can be assigned again): nothing blocks; then dispatched.
    await page.goto(`/fleet-dashboard/loads/${loadId}`);
    await expectStatus(page, s.status.planned);
    await page.getByRole('link', { name: d.assign }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(a.driver, { exact: true }).selectOption(driverB.id);
    await dialog.getByLabel(a.truck, { exact: true }).selectOption(truckId!);
    await expect(findings).toHaveAttribute('aria-busy', 'false');
    await expect(findings.locator('[data-severity]').or(findings.getByText(a.noFindings)).first()).toBeVisible();
    await expect(findings.locator('[data-severity="block"]')).toHaveCount(0);
    await expect(dialog.getByLabel(a.overrideReason)).toHaveCount(0);
    await expectFits(page, 'the assignment dialog of an eligible driver');
    await dialog.getByRole('button', { name: a.submit, exact: true }).click();
    await expect(dialog.getByText(format(a.assigned, { pro }))).toBeVisible();
    await dialog.getByRole('button', { name: a.dispatchNow }).click();
    await expect(specToast(page, format(a.dispatched, { pro }))).toBeVisible();

    // 6. The load sheet e-mailed to driver B, in the dev mailbox.
    const subject = format(texts.loads.sheet.subject, { pro, origin: 'Dallas, TX', destination: 'Atlanta, GA' });
    const mail = page
      .locator('article', { hasText: `to ${emailB}` })
      .filter({ has: page.getByText(subject, { exact: true }) });
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(mail).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(mail.getByText(summit.loadNumber).first()).toBeVisible();
    await expectFits(page, 'the dev mailbox');

    // 7. On the road: the pickup's arrival at its appointment, loaded, gone three hours later.
    await page.goto(`/fleet-dashboard/loads/${loadId}`);
    await expect(heading).toHaveText(format(d.pro, { pro }));
    await expectStatus(page, s.status.dispatched);
    await expect(page.getByText(pattern(texts.loads.sheet.emailedTo))).toBeVisible();
    await expectFits(page, 'the dispatched load page');
    await stopEvent(page, 1, d.recordArrived, '2026-03-02T08:00');
    await expectStatus(page, s.status.at_pickup);
    await stopEvent(page, 1, d.recordLoaded, '2026-03-02T10:30');
    await expectStatus(page, s.status.loaded);
    await stopEvent(page, 1, d.recordDeparted, '2026-03-02T11:00');
    await expectStatus(page, s.status.in_transit);

    // 8. Detention proposed: an hour past the two free hours, at $50 an hour.
    const pickupStop = page.getByRole('listitem', { name: format(f.stopN, { n: 1 }) });
    await expect(recorded(pickupStop, d.arrived)).toHaveText('Mar 2, 08:00 CST');
    await expect(recorded(pickupStop, d.departed)).toHaveText('Mar 2, 11:00 CST');
    await expect(pickupStop.getByText(`${d.detentionProposed}: $50.00`, { exact: true })).toBeVisible();
    await expect(pickupStop.getByText(format(texts.loads.detentionNote, { n: 1, minutes: 60 }))).toBeVisible();
    await expectFits(page, 'the load page with detention proposed');

    // 9. The delivery: arrived, unloaded, departed — the load is delivered.
    await stopEvent(page, 2, d.recordArrived, '2026-03-04T06:50');
    await expectStatus(page, s.status.at_delivery);
    await stopEvent(page, 2, d.recordUnloaded, '2026-03-04T08:00');
    await stopEvent(page, 2, d.recordDeparted, '2026-03-04T08:15');
    await expectStatus(page, s.status.delivered);
    const deliveryStop = page.getByRole('listitem', { name: format(f.stopN, { n: 2 }) });
    await expect(recorded(deliveryStop, d.arrived)).toHaveText('Mar 4, 06:50 EST');
    await expect(recorded(deliveryStop, d.departed)).toHaveText('Mar 4, 08:15 EST');
    await expect(page.getByRole('button', { name: d.statusActions.invoiced })).toBeVisible();
    await expectFits(page, 'the delivered load page');
  });
}
