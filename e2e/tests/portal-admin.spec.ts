import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { format, signIn, specToast, texts } from './support';

// The fleet admin's side of the driver portal: the portal link in Portal
// Settings, a driver's e-mail and portal invite, the review queue of the
// drivers' renewals on the Documents screen, and the inbox of their contact
// messages with the shell's unread badge, at 1280 and 375 px. The driver's
// side is driven through the portal API in a request context of its own.
// The portal fleet's portal is switched on for this and off again at the end.

// The portal specs' own fleet (e2e/start-server.sh: seed-bench), not the demo fleet.
const demo = { email: 'bench@longhaul.test', password: 'demo-fleet-1' };
const run = Date.now().toString(36);
// The run's base-36 time can be all letters; the portal password rule asks for a number.
const systemPassword = `Portal-${run}-1`;
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };
const r = texts.portalReview;
const i = texts.inbox;
const dp = texts.driverPortal;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: desktop, timezoneId: 'UTC' });

type Driver = { id: string; username: string | null; display_name: string };

let admin: APIRequestContext;
let adminCsrf = '';
let driverApi: APIRequestContext;
let driverCsrf = '';
let fleetId = '';
let portalUrl = '';
let portalDriver: Driver;
let inviteDriver: Driver;
let portalBefore: { login_method: string; auth_type: string; welcome_message: string | null };

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>, what: string): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBeTruthy();
  return (answer.status() === 204 ? undefined : await answer.json()) as T;
}

function pdf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}

/** A renewal sent by the signed-in driver for themself. */
async function submitRenewal(name: string, expiration: string, note: string) {
  return ok<{ id: string }>(
    driverApi.post('/api/portal/renewals', {
      headers: { 'x-csrf-token': driverCsrf },
      multipart: {
        target: 'driver',
        document_type: 'company_other',
        name,
        expiration_date: expiration,
        note,
        file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf(name) },
      },
    }),
    'POST /api/portal/renewals',
  );
}

/** The Inbox menu item's and top-bar link's name: 'Inbox, 2 unread', or 'Inbox' when none is. */
function unreadName(count: number): RegExp {
  return count > 0 ? new RegExp(`^${i.title}\\s*,\\s*${format(i.unread, { count })}$`) : new RegExp(`^${i.title}$`);
}

async function noHorizontalScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL });
  adminCsrf = (await ok<{ csrf_token: string }>(admin.post('/api/auth/sign-in', { data: demo }), 'admin sign-in')).csrf_token;
  portalUrl = (await ok<{ url: string }>(admin.get('/api/fleet/portal/link'), 'portal link')).url;
  fleetId = new URL(portalUrl).pathname.split('/').filter(Boolean).at(-1)!;
  const account = await ok<{ portal: typeof portalBefore }>(admin.get('/api/fleet/account'), 'account');
  portalBefore = account.portal;
  await ok(
    admin.put('/api/fleet/settings/portal', {
      headers: { 'x-csrf-token': adminCsrf },
      data: {
        is_enabled: true,
        login_method: 'username',
        auth_type: 'system_password',
        system_password: systemPassword,
        welcome_message: null,
      },
    }),
    'enable the portal',
  );
  const drivers = await ok<{ items: Driver[] }>(admin.get('/api/fleet/drivers?q=&tab=active&page=1&per_page=50'), 'drivers');
  const withUsername = drivers.items.filter((driver) => driver.username);
  expect(withUsername.length).toBeGreaterThanOrEqual(2);
  [portalDriver, inviteDriver] = withUsername;

  driverApi = await request.newContext({ baseURL });
  driverCsrf = (
    await ok<{ csrf_token: string }>(
      driverApi.post(`/api/portal/${fleetId}/sign-in`, { data: { login: portalDriver.username, password: systemPassword } }),
      'driver sign-in',
    )
  ).csrf_token;
});

test.afterAll(async () => {
  await admin?.put('/api/fleet/settings/portal', {
    headers: { 'x-csrf-token': adminCsrf },
    data: {
      is_enabled: false,
      login_method: portalBefore?.login_method ?? 'username',
      auth_type: portalBefore?.auth_type ?? 'system_password',
      system_password: null,
      welcome_message: portalBefore?.welcome_message ?? null,
    },
  });
  await admin?.dispose();
  await driverApi?.dispose();
});

test('Portal Settings shows the portal link and copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/company-settings');
  await page.getByRole('tab', { name: texts.fleet.settingsTabs.branding }).click();
  await page.getByRole('tab', { name: texts.fleet.brandingTabs.portal }).click();

  const link = page.getByLabel(texts.fleet.portal.linkLabel);
  await expect(link).toHaveValue(portalUrl);
  expect(portalUrl).toMatch(new RegExp(`/driver-portal/${fleetId}$`));
  await expect(link).toHaveAttribute('readonly', '');
  await expect(page.getByText(texts.fleet.portal.linkHelp)).toBeVisible();

  // From the keyboard: Tab from the field to the button, Enter.
  await link.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: texts.fleet.portal.copy })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(specToast(page, texts.fleet.portal.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(portalUrl);
  await page.screenshot({ path: '/tmp/admin-portal-link-1280.png', fullPage: true });
});

test('an e-mail on the driver and a portal invite in the mailbox', async ({ page }) => {
  const email = `driver-${run}@example.com`;
  await signIn(page, demo);
  await page.goto(`/fleet-dashboard/drivers/${inviteDriver.id}`);
  await expect(page.getByRole('heading', { name: inviteDriver.display_name })).toBeVisible();
  await expect(page.getByRole('button', { name: dp.inviteSend })).toBeDisabled();
  await expect(page.getByText(dp.inviteNeedsEmail)).toBeVisible();

  await page.getByRole('button', { name: texts.fleet.driverForm.edit }).click();
  const dialog = page.getByRole('dialog', { name: texts.fleet.driverForm.editTitle });
  await dialog.getByLabel(texts.fleet.driverForm.email).fill('not-an-address');
  await dialog.getByRole('button', { name: texts.fleet.driverForm.save }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel(texts.fleet.driverForm.email).fill(email.toUpperCase());
  await dialog.getByRole('button', { name: texts.fleet.driverForm.save }).click();
  await expect(specToast(page, texts.fleet.driverForm.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: dp.inviteSend }).click();
  await expect(specToast(page, format(dp.inviteSent, { email }))).toBeVisible();

  const message = page.locator('article', { hasText: `to ${email}` }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass();
  const hrefs = await message.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.some((href) => new RegExp(`/driver-portal/${fleetId}/invite/.+`).test(href)), hrefs.join(', ')).toBeTruthy();

  // Another driver of the fleet cannot have the same address.
  const taken = await admin.post('/api/fleet/drivers', {
    headers: { 'x-csrf-token': adminCsrf },
    data: { first_name: 'Same', last_name: `Address ${run}`, email },
  });
  expect(taken.status()).toBe(409);
  expect((await taken.json()).error.code).toBe('email_taken');
});

test('a renewal from a driver waits in the queue and Accept files it', async ({ page }) => {
  const name = `Medical card ${run}`;
  await submitRenewal(name, '2031-03-04', 'Renewed today\nat the clinic');
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/documents');

  const queue = page.getByTestId('renewal-queue');
  await expect(queue.getByRole('heading', { name: new RegExp(r.title) })).toBeVisible();
  const row = queue.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  await expect(row.getByText(format(r.from, { driver: portalDriver.display_name }), { exact: false })).toBeVisible();
  await expect(row.getByText(format(r.expires, { date: 'Mar 4, 2031' }))).toBeVisible();
  await expect(row.getByText(/Renewed today/)).toBeVisible();
  const view = row.getByRole('link', { name: new RegExp(r.view) });
  await expect(view).toHaveAttribute('target', '_blank');
  const file = await page.request.get((await view.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect((await file.body()).toString()).toContain(name);
  await page.screenshot({ path: '/tmp/admin-portal-queue-1280.png', fullPage: true });

  await page.setViewportSize(phone);
  await expect(row).toBeVisible();
  await noHorizontalScroll(page, 'documents with the review queue');
  await page.screenshot({ path: '/tmp/admin-portal-queue-375.png', fullPage: true });
  await page.setViewportSize(desktop);

  await row.getByRole('button', { name: r.accept }).click();
  await expect(specToast(page, r.accepted)).toBeVisible();
  await expect(row).toBeHidden();
  // The documents list refreshed on its own; searching for it shows the filed document.
  await page.goto(`/fleet-dashboard/documents?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('cell', { name: new RegExp(`^${name}`) })).toBeVisible();
});

test('Reject asks for a reason and the driver sees it', async ({ page }) => {
  const name = `Blurry CDL ${run}`;
  const renewal = await submitRenewal(name, '2030-01-02', '');
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/documents');
  const row = page.getByTestId('renewal-queue').getByRole('listitem', { name });
  await row.getByRole('button', { name: r.reject }).click();

  const dialog = page.getByRole('dialog', { name: r.rejectTitle });
  await dialog.getByRole('button', { name: r.reject }).click();
  await expect(dialog.getByText(r.reasonRequired)).toBeVisible();
  await dialog.getByLabel(r.reasonLabel).fill('The photo is blurry');
  await dialog.getByRole('button', { name: r.reject }).click();
  await expect(specToast(page, r.rejected)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toBeHidden();

  const mine = await ok<{ id: string; status: string; reason: string | null }[]>(
    driverApi.get('/api/portal/renewals'),
    'GET /api/portal/renewals',
  );
  expect(mine.find((item) => item.id === renewal.id)).toMatchObject({ status: 'rejected', reason: 'The photo is blurry' });
});

test("a driver's message shows in the inbox with the unread badge; Mark as read clears it", async ({ page }) => {
  const text = `Hello office ${run}\nSecond line`;
  await ok(
    driverApi.post('/api/portal/messages', {
      headers: { 'x-csrf-token': driverCsrf },
      data: { name: portalDriver.display_name, email: `sender-${run}@example.com`, company: 'Road Crew', message: text },
    }),
    'POST /api/portal/messages',
  );
  const { unread } = await ok<{ unread: number }>(admin.get('/api/fleet/inbox/unread'), 'unread');
  expect(unread).toBeGreaterThanOrEqual(1);

  await signIn(page, demo);
  await page.goto('/fleet-dashboard');
  const nav = page.getByRole('navigation', { name: texts.fleet.shell.navLabel });
  const navInbox = nav.getByRole('link', { name: new RegExp(`^${i.title}`) });
  await expect(navInbox).toHaveAccessibleName(unreadName(unread));
  await expect(page.getByTestId('topbar-inbox')).toHaveAccessibleName(unreadName(unread));
  await navInbox.click();

  await expect(page).toHaveURL(/\/fleet-dashboard\/inbox$/);
  await expect(page.getByRole('heading', { name: i.title })).toBeVisible();
  const item = page.getByTestId('inbox-message').filter({ hasText: `Hello office ${run}` });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item.getByRole('link', { name: `sender-${run}@example.com` })).toHaveAttribute('href', /^mailto:/);
  await expect(item.getByText('Road Crew')).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-portal-inbox-1280.png', fullPage: true });

  await page.setViewportSize(phone);
  await expect(page.getByTestId('topbar-inbox')).toBeVisible();
  await noHorizontalScroll(page, 'the inbox');
  await page.screenshot({ path: '/tmp/admin-portal-inbox-375.png', fullPage: true });
  await page.setViewportSize(desktop);

  await item.getByRole('button', { name: i.markRead }).click();
  await expect(item).not.toHaveAttribute('data-unread');
  await expect(navInbox).toHaveAccessibleName(unreadName(unread - 1));
  await expect(page.getByTestId('topbar-inbox')).toHaveAccessibleName(unreadName(unread - 1));
});
