import { expect, test } from '@playwright/test';
import { signIn, texts, users } from './support';

test('anonymous visitors of guarded pages go to /auth', async ({ page }) => {
  for (const path of ['/dashboard', '/fleet-dashboard', '/driver-portal']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
});

test('super admin: System Administration with its tabs, and sign out', async ({ page }) => {
  await signIn(page, users.superAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: texts.dashboard.systemAdministration })).toBeVisible();
  for (const tab of Object.values(texts.dashboard.tabs) as string[]) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await page.getByRole('tab', { name: texts.dashboard.tabs.settings }).click();
  await expect(page.getByText(texts.dashboard.settingsComingSoon)).toBeVisible();
  // Guarded pages of other roles send the super admin back to /dashboard.
  await page.goto('/driver-portal');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed-in visitors of /auth go to /dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: texts.dashboard.signOut }).click();
  await expect(page.getByText(texts.auth.signedOutTitle, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('fleet admin with an account lands on /fleet-dashboard', async ({ page }) => {
  await signIn(page, users.fleetAdmin);
  await expect(page).toHaveURL(/\/fleet-dashboard/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/fleet-dashboard/);
  await page.goto('/driver-portal');
  await expect(page).toHaveURL(/\/fleet-dashboard/);
});

test('fleet admin without an account lands on /pending-approval', async ({ page }) => {
  await signIn(page, users.pendingFleetAdmin);
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByText(texts.pendingApproval.title)).toBeVisible();
  await expect(page.getByText(users.pendingFleetAdmin.email)).toBeVisible();
  await expect(page.getByRole('link', { name: texts.pendingApproval.contactSupport })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${texts.brand.supportEmail}`),
  );
  await page.getByRole('button', { name: texts.pendingApproval.logout }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('fleet driver lands on /driver-portal and is kept out of other dashboards', async ({ page }) => {
  await signIn(page, users.driver);
  await expect(page).toHaveURL(/\/driver-portal$/);
  for (const card of [texts.driverPortal.myTruck, texts.driverPortal.documents]) {
    await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
  }
  await page.goto('/fleet-dashboard');
  await expect(page).toHaveURL(/\/driver-portal$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/driver-portal$/);

  // The contact form: no network call, 'Sending...' then the toast.
  await page.getByLabel(texts.driverPortal.yourName).fill('Dale Driver');
  await page.getByLabel(texts.driverPortal.emailAddress).fill('driver@acme.test');
  await page.getByLabel(texts.driverPortal.message).fill('My truck needs a new tire.');
  await page.getByRole('button', { name: texts.driverPortal.sendMessage }).click();
  await expect(page.getByRole('button', { name: texts.driverPortal.sending })).toBeVisible();
  await expect(page.getByText(texts.driverPortal.sentTitle)).toBeVisible();
  await expect(page.getByLabel(texts.driverPortal.message)).toHaveValue('');
});

test('broker admin sees Broker Administration', async ({ page }) => {
  await signIn(page, users.brokerAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: texts.dashboard.brokerAdministration })).toBeVisible();
  await expect(page.getByText('Bea Broker')).toBeVisible();
  for (const card of [texts.dashboard.truckBoard, texts.dashboard.users, texts.dashboard.settings]) {
    await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
  }
  await page.goto('/fleet-dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('broker user sees Broker Portal', async ({ page }) => {
  await signIn(page, users.brokerUser);
  await expect(page.getByRole('heading', { name: texts.dashboard.brokerPortal })).toBeVisible();
  await expect(page.getByText(texts.dashboard.savedSearches, { exact: true }).first()).toBeVisible();
  // No name: the header shows the e-mail.
  await expect(page.getByText(users.brokerUser.email)).toBeVisible();
});

test('a user without a role sees the welcome message', async ({ page }) => {
  await signIn(page, users.noRole);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(texts.dashboard.noRoleMessage)).toBeVisible();
});
