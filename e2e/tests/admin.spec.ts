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

async function carrierName(request: APIRequestContext, dot: string): Promise<string> {
  const found = await (await request.post('/api/signup/lookup', { data: { dot_number: dot } })).json();
  return found.company.legal_name as string;
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

test('a paying customer who made a login on the success page is approved with Create User & Fleet', async ({ page, request }) => {
  const email = `boss-${Date.now()}@borderline.example`;
  const { sessionId } = await paidSignup(request, '1000011', email);
  const created = await request.post('/api/subscriptions/account', { data: { session_id: sessionId, password: 'Border1ine' } });
  expect(created.status()).toBe(201);
  // The login is confirmed from the payer's mailbox.
  await followMailLink(page, email, 'Confirm your e-mail');
  await expect(page.getByText(texts.auth.emailConfirmedTitle)).toBeVisible();

  await signIn(page, users.superAdmin);
  const row = await openSignupRow(page, 'BORDERLINE BULK CARRIERS INC');
  await expect(row.getByText('In Progress (3/3)')).toBeVisible();
  // The existing login becomes the fleet's admin in the same step.
  await row.getByRole('button', { name: a.createUserAndFleet }).click();
  await page.getByRole('dialog').getByRole('button', { name: a.createUserAndFleet }).click();
  await expect(page.getByText(a.fleetAccountCreated, { exact: true })).toBeVisible();
  await expect(page.getByText(a.userExistsTitle)).toHaveCount(0);
  await expect(row.getByText(a.badgeCompleted)).toBeVisible();

  await page.getByRole('tab', { name: texts.dashboard.tabs.accounts }).click();
  await expect(page.getByRole('row').filter({ hasText: 'BORDERLINE' }).getByText(email)).toBeVisible();

  // The "dashboard ready" e-mail, and the carrier signs in with its own password.
  await page.getByRole('button', { name: texts.dashboard.signOut }).click();
  // Mail is sent by a background job: reload until it has arrived.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.locator('article', { hasText: `to ${email}` }).filter({ hasText: a.dashboardReadySubject })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await signIn(page, { email, password: 'Border1ine' });
  await expect(page).toHaveURL(/\/fleet-dashboard/);
});

test('a second signup for an existing fleet: the duplicate-DOT toast says it once', async ({ page, request }) => {
  await paidSignup(request, '1000012', `first-${Date.now()}@dup.example`);
  await signIn(page, users.superAdmin);
  let row = await openSignupRow(page, (await carrierName(request, '1000012')));
  await row.getByRole('button', { name: a.createFleetOnly }).click();
  await page.getByRole('dialog').getByRole('button', { name: a.createFleetOnly }).click();
  await expect(page.getByText(a.fleetAccountCreated, { exact: true })).toBeVisible();

  await paidSignup(request, '1000012', `second-${Date.now()}@dup.example`);
  await page.reload();
  await page.getByRole('tab', { name: texts.dashboard.tabs.fleetSignups }).click();
  await page.getByPlaceholder(a.signupsSearch).fill('1000012');
  row = page.getByRole('row').filter({ hasText: 'In Progress (3/3)' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: a.createFleetOnly }).click();
  await page.getByRole('dialog').getByRole('button', { name: a.createFleetOnly }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: a.fleetAlreadyExistsTitle });
  await expect(toast).toBeVisible();
  await expect(toast.getByText('A fleet with DOT number 1000012 already exists', { exact: true })).toBeVisible();
  expect(((await toast.textContent()) ?? '').split(a.fleetAlreadyExistsTitle).length).toBe(2);
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
