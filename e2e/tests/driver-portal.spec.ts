import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { followMailLink, format, specToast, texts } from './support';

// The driver portal (a fleet's own sign-in, home and invite pages). The portal
// fleet's admin sets the portal up through the API; the driver uses the SPA.
// Every test puts the fleet's portal settings back as it found them (but the
// shared password, which the API never returns).

const d = texts.driverPortal;
// The portal specs' own fleet (e2e/start-server.sh: seed-bench), not the demo fleet.
const demoAdmin = { email: 'bench@longhaul.test', password: 'demo-fleet-1' };
const SHARED_PASSWORD = 'Haul-Shared-42';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const stamp = () => Date.now().toString(36);

interface PortalSettings {
  is_enabled: boolean;
  login_method: string;
  auth_type: string;
  welcome_message: string | null;
}

/** The demo fleet's admin, signed in through the API in a cookie jar of its own. */
class Admin {
  private constructor(
    readonly api: APIRequestContext,
    private readonly csrf: string,
  ) {}

  static async signIn(baseURL: string): Promise<Admin> {
    const api = await playwrightRequest.newContext({ baseURL });
    const res = await api.post('/api/auth/sign-in', { data: demoAdmin });
    expect(res.status(), await res.text()).toBe(200);
    return new Admin(api, (await res.json()).csrf_token);
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

  async fleetId(): Promise<string> {
    const { url } = await this.get<{ url: string }>('/api/fleet/portal/link');
    return url.split('/').pop()!;
  }

  async portal(): Promise<PortalSettings> {
    const { portal } = await this.get('/api/fleet/account');
    return {
      is_enabled: portal.is_enabled,
      login_method: portal.login_method,
      auth_type: portal.auth_type,
      welcome_message: portal.welcome_message,
    };
  }

  async setPortal(settings: PortalSettings & { system_password?: string }) {
    await this.write('put', '/api/fleet/settings/portal', settings);
  }

  /** Active drivers with their assigned truck, first page. */
  async drivers(): Promise<any[]> {
    const page = await this.get('/api/fleet/drivers');
    return page.items;
  }

  async driverWithTruck(skip: string[] = []): Promise<any> {
    for (const item of await this.drivers()) {
      if (skip.includes(item.id) || !item.username) continue;
      const detail = await this.get(`/api/fleet/drivers/${item.id}`);
      if (detail.assigned_truck) return detail;
    }
    throw new Error('no driver with a truck in the demo fleet');
  }

  async setDriverEmail(driver: any, email: string) {
    const keys = ['first_name', 'last_name', 'username', 'phone', 'license_number', 'license_state', 'notes'];
    const body: Record<string, unknown> = Object.fromEntries(keys.map((key) => [key, driver[key] ?? null]));
    body.email = email;
    return this.write('put', `/api/fleet/drivers/${driver.id}`, body);
  }

  async uploadDocument(name: string, shared: boolean, fields: Record<string, string> = {}) {
    const res = await this.api.post('/api/fleet/documents', {
      headers: { 'x-csrf-token': this.csrf },
      multipart: {
        name,
        document_type: 'company_other',
        share_with_drivers: shared ? 'true' : 'false',
        ...fields,
        file: { name: `${name}.png`, mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  }

  async deleteDocument(id: string) {
    const res = await this.api.delete(`/api/fleet/documents/${id}`, { headers: { 'x-csrf-token': this.csrf } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

/** The day `days` from today where the browser runs (this machine), 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

let admin: Admin;
let fleetId: string;
let saved: PortalSettings;

test.beforeEach(async ({ baseURL }) => {
  admin = await Admin.signIn(baseURL!);
  fleetId = await admin.fleetId();
  saved = await admin.portal();
});

test.afterEach(async () => {
  await admin.setPortal(saved);
  await admin.api.dispose();
});

const signInUrl = () => `/driver-portal/${fleetId}`;

async function signInAsDriver(page: Page, login: string, password: string, byEmail = false) {
  await page.goto(signInUrl());
  await page.getByLabel(byEmail ? d.emailLabel : d.usernameLabel, { exact: true }).fill(login);
  await page.getByLabel(d.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: d.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/driver-portal/${fleetId}/home$`));
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('username and the shared password: welcome message, the truck and only shared documents', async ({ page }) => {
  const welcome = `Drive safe out there ${stamp()}`;
  await admin.setPortal({
    is_enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    welcome_message: welcome,
    system_password: SHARED_PASSWORD,
  });
  const shared = await admin.uploadDocument(`Shared insurance ${stamp()}`, true);
  const unshared = await admin.uploadDocument(`Office only ${stamp()}`, false);
  const driver = await admin.driverWithTruck();

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(signInUrl());
  await expect(page.getByRole('heading', { name: d.signInTitle })).toBeVisible();
  await noHorizontalScroll(page);
  await page.screenshot({ path: '/tmp/portal-sign-in-360.png', fullPage: true });

  // A wrong password: the server's message, inline.
  await page.getByLabel(d.usernameLabel, { exact: true }).fill(driver.username);
  await page.getByLabel(d.passwordLabel, { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: d.signIn, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: d.invalidUsernameCredentials })).toBeVisible();

  await signInAsDriver(page, driver.username, SHARED_PASSWORD);
  await expect(page.getByRole('heading', { name: welcome })).toBeVisible();
  const truckCard = page.getByTestId('portal-truck');
  const truck = driver.assigned_truck;
  await expect(truckCard.getByText(truck.name ?? truck.license_plate, { exact: true }).first()).toBeVisible();
  const docs = page.getByTestId('portal-documents');
  await expect(docs.getByText(shared.name, { exact: true })).toBeVisible();
  await expect(docs.getByRole('link', { name: `${d.download} ${shared.name}` })).toBeVisible();
  await expect(docs.getByText(unshared.name, { exact: true })).toHaveCount(0);
  // The shared password is the office's to change.
  await expect(page.getByRole('heading', { name: d.changePassword })).toHaveCount(0);
  await noHorizontalScroll(page);
  await page.screenshot({ path: '/tmp/portal-home-360.png', fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/portal-home-1280.png', fullPage: true });

  // The download link serves the file with the driver's cookie.
  const download = await page.request.get(`/api/portal/documents/${shared.id}/download`);
  expect(download.status()).toBe(200);

  // Signing out asks for none of the driver's data again: no 401 meets the ended session.
  const refused: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() === 401) refused.push(response.url());
  };
  page.on('response', onResponse);
  await page.getByRole('button', { name: d.signOut }).click();
  await expect(page.getByRole('heading', { name: d.signInTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  expect(refused, 'requests refused after signing out').toEqual([]);
  await page.goto(`/driver-portal/${fleetId}/home`);
  await expect(page.getByText(d.sessionExpired)).toBeVisible();
});

test('e-mail and an own password from the invite, then changed in Settings', async ({ page }) => {
  const drivers = await admin.drivers();
  const driver = await admin.get(`/api/fleet/drivers/${drivers[drivers.length - 1].id}`);
  const original = driver.email;
  const email = `portal-${stamp()}@drivers.test`;
  await admin.setDriverEmail(driver, email);
  await admin.setPortal({ ...saved, is_enabled: true, login_method: 'email', auth_type: 'individual_password', welcome_message: null });
  try {
    await admin.write('post', `/api/fleet/drivers/${driver.id}/portal-invite`);
    await followMailLink(page, email, 'Set your password');
    await expect(page).toHaveURL(new RegExp(`/driver-portal/${fleetId}/invite/`));
    await expect(page.getByRole('heading', { name: d.inviteTitle })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByLabel(d.invitePassword, { exact: true }).fill('Short1');
    await page.getByLabel(d.inviteConfirm, { exact: true }).fill('Short1');
    await page.getByRole('button', { name: d.inviteSave }).click();
    await expect(page.getByText(texts.subscriptionSuccess.passwordMin)).toBeVisible();
    await page.getByLabel(d.invitePassword, { exact: true }).fill('Invited-Pass1');
    await page.getByLabel(d.inviteConfirm, { exact: true }).fill('Invited-Pass1');
    await page.screenshot({ path: '/tmp/portal-invite-360.png', fullPage: true });
    await page.getByRole('button', { name: d.inviteSave }).click();
    await expect(page.getByText(d.inviteDone)).toBeVisible();
    const inviteUrl = page.url();
    await page.getByRole('link', { name: d.signIn }).click();

    await signInAsDriver(page, email, 'Invited-Pass1', true);
    await expect(page.getByRole('heading', { name: format(d.welcomeDefault, { name: driver.display_name }) })).toBeVisible();
    const settings = page.getByTestId('portal-settings');
    await settings.getByLabel(d.currentPassword, { exact: true }).fill('Invited-Pass1');
    await settings.getByLabel(d.newPassword, { exact: true }).fill('changed-pass');
    await settings.getByLabel(d.inviteConfirm, { exact: true }).fill('changed-pass');
    await settings.getByRole('button', { name: d.changePassword }).click();
    await expect(settings.getByText(texts.subscriptionSuccess.passwordUpper)).toBeVisible();
    await settings.getByLabel(d.newPassword, { exact: true }).fill('Changed-Pass2');
    await settings.getByLabel(d.inviteConfirm, { exact: true }).fill('Changed-Pass2');
    await settings.getByRole('button', { name: d.changePassword }).click();
    await expect(specToast(page, d.passwordChanged)).toBeVisible();
    await page.screenshot({ path: '/tmp/portal-settings-360.png', fullPage: true });

    // The session stays; signing in again takes the new password only.
    await page.reload();
    await expect(page.getByTestId('portal-settings')).toBeVisible();
    await page.getByRole('button', { name: d.signOut }).click();
    await page.getByLabel(d.emailLabel, { exact: true }).fill(email);
    await page.getByLabel(d.passwordLabel, { exact: true }).fill('Invited-Pass1');
    await page.getByRole('button', { name: d.signIn, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: d.invalidEmailCredentials })).toBeVisible();
    await signInAsDriver(page, email, 'Changed-Pass2', true);

    // The used invite link is no longer valid.
    await page.goto(new URL(inviteUrl).pathname);
    await expect(page.getByText(d.inviteInvalid)).toBeVisible();
  } finally {
    await admin.setDriverEmail(driver, original);
  }
});

test('a renewal upload waits for review, then shows accepted with its document', async ({ page }) => {
  await admin.setPortal({
    ...saved,
    is_enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    system_password: SHARED_PASSWORD,
  });
  const driver = await admin.driverWithTruck();
  await signInAsDriver(page, driver.username, SHARED_PASSWORD);
  await page.setViewportSize({ width: 360, height: 780 });

  const name = `Truck registration ${stamp()}`;
  await page.getByRole('button', { name: d.uploadRenewal }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(d.renewalFor, { exact: true }).selectOption({ label: d.renewalForTruck });
  await dialog.getByLabel(d.renewalType, { exact: true }).selectOption({ label: texts.documents.types.truck_registration });
  await dialog.getByLabel(d.renewalName, { exact: true }).fill(name);
  await dialog.getByLabel(d.renewalExpiration, { exact: true }).fill('2031-03-31');
  await dialog.getByLabel(d.renewalNote, { exact: true }).fill('Renewed at the DMV');
  await dialog.getByLabel(d.renewalFile, { exact: true }).setInputFiles({ name: 'registration.png', mimeType: 'image/png', buffer: PNG });
  await page.screenshot({ path: '/tmp/portal-renewal-360.png' });
  await dialog.getByRole('button', { name: d.renewalSubmit }).click();
  await expect(specToast(page, d.renewalSent)).toBeVisible();

  const item = page.getByTestId('portal-renewal').filter({ hasText: name });
  await expect(item.getByText(d.renewalStatus.pending)).toBeVisible();

  const pending: any[] = await admin.get('/api/fleet/renewals');
  const renewal = (Array.isArray(pending) ? pending : (pending as any).items).find((r: any) => r.name === name);
  expect(renewal).toBeTruthy();
  await admin.write('post', `/api/fleet/renewals/${renewal.id}/accept`);

  await page.reload();
  await expect(item.getByText(d.renewalStatus.accepted)).toBeVisible();
  await expect(page.getByTestId('portal-documents').locator('li').filter({ hasText: name }).getByRole('link', { name: new RegExp(d.download) })).toBeVisible();
});

test('the contact form shows Sending..., then the toast; the message reaches the inbox and the admin', async ({ page }) => {
  await admin.setPortal({
    ...saved,
    is_enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    system_password: SHARED_PASSWORD,
  });
  const driver = await admin.driverWithTruck();
  await signInAsDriver(page, driver.username, SHARED_PASSWORD);

  const text = `My reefer unit is making a noise ${stamp()}`;
  const contact = page.locator('section', { has: page.getByText(d.contactTitle) });
  await expect(contact.getByLabel(d.yourName)).toHaveValue(driver.display_name);
  await contact.getByLabel(d.emailAddress).fill('driver-contact@drivers.test');
  await contact.getByLabel(d.companyName).fill('Own authority LLC');
  await contact.getByLabel(d.message).fill(text);
  const started = Date.now();
  await contact.getByRole('button', { name: d.sendMessage }).click();
  await expect(contact.getByRole('button', { name: d.sending })).toBeDisabled();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: d.sentTitle }).filter({ hasText: d.sentDescription })).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  await expect(contact.getByLabel(d.message)).toHaveValue('');

  const inbox = await admin.get('/api/fleet/inbox');
  const message = inbox.items.find((m: any) => m.message === text);
  expect(message).toMatchObject({ sender_email: 'driver-contact@drivers.test', company: 'Own authority LLC', driver_id: driver.id });

  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.locator('article', { hasText: `to ${demoAdmin.email}` }).filter({ hasText: text }).first()).toBeVisible({ timeout: 1000 });
  }).toPass();
});

test('a turned-off portal shows its message and refuses sign-in', async ({ page }) => {
  await admin.setPortal({ ...saved, is_enabled: false });
  const { fleet_name } = await (await page.request.get(`/api/portal/${fleetId}/config`)).json();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(signInUrl());
  await expect(page.getByText(format(d.disabled, { fleet: fleet_name }))).toBeVisible();
  await expect(page.getByLabel(d.passwordLabel)).toHaveCount(0);
  await noHorizontalScroll(page);
  await page.screenshot({ path: '/tmp/portal-disabled-360.png' });
  const res = await page.request.post(`/api/portal/${fleetId}/sign-in`, { data: { login: 'anyone', password: 'anything' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.code).toBe('portal_disabled');
});

test('an unknown fleet says the portal link is not valid', async ({ page }) => {
  await page.goto('/driver-portal/00000000-0000-0000-0000-000000000000');
  await expect(page.getByText(d.portalNotFound)).toBeVisible();
});

// Last in the file: its company document, while it lasts, is every driver's.
test('expired and expiring documents come first, marked, with what to do', async ({ page }) => {
  await admin.setPortal({
    ...saved,
    is_enabled: true,
    login_method: 'username',
    auth_type: 'system_password',
    system_password: SHARED_PASSWORD,
  });
  const driver = await admin.driverWithTruck();
  const registration = await admin.uploadDocument(`Cab card ${stamp()}`, true, {
    document_type: 'truck_registration',
    vehicle_type: 'truck',
    vehicle_id: driver.assigned_truck.id,
    expiration_date: dayFromToday(-3),
  });
  const insurance = await admin.uploadDocument(`Liability insurance ${stamp()}`, true, {
    document_type: 'company_insurance',
    expiration_date: dayFromToday(12),
  });
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDriver(page, driver.username, SHARED_PASSWORD);
    const docs = page.getByTestId('portal-documents');
    await expect(docs.getByTestId('portal-documents-attention')).toContainText('1 document expired, 1 expiring soon');
    const items = docs.getByTestId('portal-document');
    await expect(items.nth(0)).toContainText(registration.name);
    await expect(items.nth(1)).toContainText(insurance.name);

    const expired = items.filter({ hasText: registration.name });
    await expect(expired.getByText(texts.documents.status.expired, { exact: true })).toBeVisible();
    await expect(expired.getByText(d.renewHint)).toBeVisible();
    const expiring = items.filter({ hasText: insurance.name });
    await expect(expiring.getByText(texts.documents.status.expiringSoon, { exact: true })).toBeVisible();
    await expect(expiring.getByText(d.companyDocumentHint)).toBeVisible();
    await expect(expiring.getByRole('button', { name: d.uploadRenewal })).toHaveCount(0);
    await noHorizontalScroll(page);
    await docs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/portal-documents-375.png', fullPage: true });
    await docs.screenshot({ path: '/tmp/portal-documents-card-375.png' });

    // The renewal dialog opens filled in for the expired registration.
    await expired.getByRole('button', { name: d.uploadRenewal }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(d.renewalFor, { exact: true })).toHaveValue('truck');
    await expect(dialog.getByLabel(d.renewalType, { exact: true })).toHaveValue('truck_registration');
    await expect(dialog.getByLabel(d.renewalName, { exact: true })).toHaveValue(registration.name);
    await page.screenshot({ path: '/tmp/portal-renewal-prefilled-375.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/portal-documents-1280.png', fullPage: true });
    await docs.screenshot({ path: '/tmp/portal-documents-card-1280.png' });
  } finally {
    await admin.deleteDocument(registration.id);
    await admin.deleteDocument(insurance.id);
  }
});
