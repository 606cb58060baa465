import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { followMailLink, signIn, texts, users } from './support';

const a = texts.admin;

/** A carrier's signup on the stand-ins, paid with the test card (the UI flow has its own spec). */
async function paidSignup(request: APIRequestContext, dot: string, email: string) {
  const signup = await (await request.post('/api/signups', { data: { dot_number: dot, signup_id: null } })).json();
  await request.put(`/api/signups/${signup.id}/contact`, {
    data: { first_name: 'Casey', last_name: 'Carrier', email, phone: '(615) 555-0101' },
  });
  const checkout = await (await request.post(`/api/signups/${signup.id}/checkout`, { data: {} })).json();
  const paid = await request.post(`/api/test-checkout/${checkout.session_id}/pay`, {
    data: { card_number: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  return { signupId: signup.id as string, sessionId: checkout.session_id as string };
}

async function openSignupRow(page: Page, company: string) {
  await page.getByRole('tab', { name: texts.dashboard.tabs.fleetSignups }).click();
  await page.getByPlaceholder(a.signupsSearch).fill(company);
  // Wait for the (debounced) search to answer before acting on the row.
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  return row;
}

test('the super admin creates user and fleet; the carrier sets a password and lands on its dashboard', async ({ page, request }) => {
  const email = `owner-${Date.now()}@tfs.example`;
  await paidSignup(request, '1000006', email);

  await signIn(page, users.superAdmin);
  const row = await openSignupRow(page, 'TRANSCONTINENTAL FREIGHT SYSTEMS INC');
  await expect(row.getByText('In Progress (3/3)')).toBeVisible();
  await expect(row.getByText('active')).toBeVisible();
  await row.getByRole('button', { name: a.createUserAndFleet }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(a.confirmCreateUserAndFleetTitle)).toBeVisible();
  await dialog.getByRole('button', { name: a.createUserAndFleet }).click();
  await expect(page.getByText(a.fleetAccountCreated, { exact: true })).toBeVisible();
  await expect(row.getByText(a.badgeCompleted)).toBeVisible();
  await expect(row.getByRole('button', { name: a.createUserAndFleet })).toBeDisabled();
  await expect(row.getByRole('button', { name: a.createFleetOnly })).toBeDisabled();

  // The Accounts tab shows the new fleet with its owner; the audit log the action.
  await page.getByRole('tab', { name: texts.dashboard.tabs.accounts }).click();
  await expect(page.getByRole('row').filter({ hasText: 'TRANSCONTINENTAL' }).getByText(email)).toBeVisible();
  await page.getByRole('tab', { name: a.tabs.audit }).click();
  await expect(page.getByText(a.auditActions.create_user_and_fleet).first()).toBeVisible();

  // The approval e-mail arrives; the carrier chooses a password and signs in.
  await page.getByRole('button', { name: texts.dashboard.signOut }).click();
  await followMailLink(page, email, 'Choose your password');
  await page.getByLabel(texts.auth.newPassword).fill('fleet-pass-1');
  await page.getByRole('button', { name: texts.auth.resetButton }).click();
  await expect(page.getByText(texts.auth.resetDone)).toBeVisible();
  await signIn(page, { email, password: 'fleet-pass-1' });
  await expect(page).toHaveURL(/\/fleet-dashboard/);
});

test('the super admin approves a self-registered fleet admin by assigning the new fleet', async ({ page, request }) => {
  const email = `boss-${Date.now()}@borderline.example`;
  const { sessionId } = await paidSignup(request, '1000011', email);
  const created = await request.post('/api/subscriptions/account', { data: { session_id: sessionId, password: 'Border1ine' } });
  expect(created.status()).toBe(201);

  await signIn(page, users.superAdmin);
  const row = await openSignupRow(page, 'BORDERLINE BULK CARRIERS INC');
  // The carrier already has a login: creating it again is refused with the spec's message.
  await row.getByRole('button', { name: a.createUserAndFleet }).click();
  await page.getByRole('dialog').getByRole('button', { name: a.createUserAndFleet }).click();
  await expect(page.getByText(`A user with email ${email} already exists.`)).toBeVisible();
  await expect(row.getByText('In Progress (3/3)')).toBeVisible();

  await row.getByRole('button', { name: a.createFleetOnly }).click();
  await page.getByRole('dialog').getByRole('button', { name: a.createFleetOnly }).click();
  await expect(page.getByText(a.fleetAccountCreated, { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: texts.dashboard.tabs.users }).click();
  await page.getByPlaceholder(a.usersSearch).fill(email);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await page.getByLabel(`Role for ${email}`).selectOption('fleet_admin');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(a.assignFleetTitle)).toBeVisible();
  await dialog.getByRole('button', { name: a.assign }).click();
  await expect(dialog.getByText(a.fleetAccountRequired)).toBeVisible();
  await dialog.getByRole('searchbox').fill('BORDERLINE');
  await dialog.getByRole('radio', { name: /BORDERLINE BULK CARRIERS/ }).check();
  await dialog.getByRole('button', { name: a.assign }).click();
  await expect(page.getByText(a.fleetAssigned, { exact: true })).toBeVisible();

  // The "dashboard ready" e-mail, and the carrier's next visit.
  await page.getByRole('button', { name: texts.dashboard.signOut }).click();
  await page.goto('/dev/mailbox');
  await expect(page.locator('article', { hasText: `to ${email}` }).filter({ hasText: a.dashboardReadySubject })).toBeVisible();
  await signIn(page, { email, password: 'Border1ine' });
  await expect(page).toHaveURL(/\/fleet-dashboard/);
});

test('the super admin creates a user without being signed out', async ({ page }) => {
  const email = `new-driver-${Date.now()}@acme.test`;
  await signIn(page, users.superAdmin);
  await page.getByRole('tab', { name: texts.dashboard.tabs.users }).click();
  await page.getByRole('button', { name: a.createUser }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(a.email).fill(email);
  const submit = dialog.getByRole('button', { name: a.createUser });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(a.password).fill('secret1');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText(a.accountCreatedDescription)).toBeVisible();
  await page.getByPlaceholder(a.usersSearch).fill(email);
  await expect(page.getByLabel(`Role for ${email}`)).toHaveValue('fleet_driver');
  await expect(page.getByText('System Administration')).toBeVisible();
});
