import { expect, type Page } from '@playwright/test';
import { format, settled, signIn, specToast, test, texts, users } from './support';

// Issue 31, load CRUD: a load's page offers Edit while the load has not
// reached a stop; the form opens filled with the load, and a new linehaul
// and load number, saved, are on the load's page.

const s = texts.loads.screens;
const f = s.form;
const d = s.detail;

/** A call to the API as the signed-in user (the session's CSRF token, as the SPA sends it). */
async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.evaluate(
    async ({ path, body }) => {
      const session = await (await fetch('/api/auth/session')).json();
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { path, body },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as T;
}

// Toasts appear at once rather than fading.
test.use({ reducedMotion: 'reduce' });

test('a load is edited: its new linehaul and load number are on its page', async ({ page }) => {
  const tag = Date.now().toString(36);
  await signIn(page, users.fleetAdmin);
  await page.goto('/fleet-dashboard/loads');
  const customer = await api<{ id: string }>(page, '/api/fleet/customers', { name: `Edit Brokerage ${tag}`, kind: 'broker' });
  const facility = (name: string, city: string, state: string, time_zone: string) =>
    api<{ id: string }>(page, '/api/fleet/facilities', { name: `${name} ${tag}`, address: '1 Dock St', city, state, time_zone });
  const shipper = await facility('Edit Mill', 'Chicago', 'IL', 'America/Chicago');
  const receiver = await facility('Edit DC', 'Denver', 'CO', 'America/Denver');
  const load = await api<{ id: string; pro_number: number }>(page, '/api/fleet/loads', {
    customer_id: customer.id,
    load_number: `EDIT-${tag}`,
    equipment_type: 'van',
    rate_method: 'flat',
    linehaul_cents: 150000,
    fuel_surcharge_cents: 10000,
    stops: [
      { kind: 'pickup', facility_id: shipper.id, appointment: '2027-04-02T08:00:00' },
      { kind: 'delivery', facility_id: receiver.id, appointment: '2027-04-03T10:00:00' },
    ],
  });

  await page.goto(`/fleet-dashboard/loads/${load.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `PRO ${load.pro_number}` })).toBeVisible();
  // The revenue: 1,500 linehaul + 100 fuel surcharge.
  await expect(page.getByText(/^\$1,600\.00$/)).toBeVisible();
  await page.getByRole('link', { name: format(d.editLabel, { pro: load.pro_number }) }).click();

  await expect(page.getByRole('heading', { level: 1, name: format(f.editTitle, { pro: load.pro_number }) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fleet-dashboard/loads/${load.id}/edit$`));
  // Filled with the load as it is.
  const loadNumber = page.getByLabel(f.loadNumber, { exact: true });
  await expect(loadNumber).toHaveValue(`EDIT-${tag}`);
  const linehaul = page.getByLabel(f.linehaul, { exact: true });
  await expect(linehaul).toHaveValue('1500');
  await expect(page.getByRole('listitem', { name: 'Stop 1' }).getByLabel(f.appointmentAt, { exact: true })).toHaveValue(
    '2027-04-02T08:00',
  );
  await settled(page);

  await loadNumber.fill(`EDITED-${tag}`);
  await linehaul.fill('1,725.25');
  await page.getByRole('button', { name: f.saveChanges }).click();

  await expect(specToast(page, format(f.updated, { pro: load.pro_number }))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fleet-dashboard/loads/${load.id}$`));
  await expect(page.getByText(format(d.loadNumber, { n: `EDITED-${tag}` }), { exact: false })).toBeVisible();
  // 1,725.25 linehaul + 100.00 fuel surcharge.
  await expect(page.getByText(/^\$1,825\.25$/)).toBeVisible();
});
