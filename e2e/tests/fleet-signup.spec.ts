import { expect, test } from '@playwright/test';
import { texts } from './support';

const s = texts.signup;
const ok = texts.subscriptionSuccess;

test('a carrier signs up, pays in the test checkout and creates its fleet-admin login', async ({ page, request }) => {
  const email = `owner-${Date.now()}@deltaplains.example`;
  await page.goto('/fleet-signup');
  await expect(page.getByText(s.sampleDataNote)).toBeVisible();
  for (const step of s.steps as string[]) await expect(page.getByText(step).first()).toBeVisible();

  // Step 1: validation, then the search.
  await page.getByRole('button', { name: s.search, exact: true }).click();
  await expect(page.getByText(s.dotRequired)).toBeVisible();
  await page.getByLabel(s.dotNumber).fill('12ab');
  await page.getByRole('button', { name: s.search, exact: true }).click();
  await expect(page.getByText(s.dotNumeric)).toBeVisible();
  await page.getByLabel(s.dotNumber).fill('1000003');
  await page.getByRole('button', { name: s.search, exact: true }).click();
  await expect(page.getByText(s.companyFound)).toBeVisible();
  await expect(page.getByText('DELTA PLAINS TRANSPORT LLC')).toBeVisible();
  await expect(page.getByText('100-250 units')).toBeVisible();
  await expect(page.getByText('$1,299/month').first()).toBeVisible();
  await expect(page).toHaveURL(/\/fleet-signup\?id=[0-9a-f-]{36}$/);
  const signupId = new URL(page.url()).searchParams.get('id')!;
  await page.getByRole('button', { name: s.saveAndContinue }).click();

  // Step 2: contact, with the spec's messages first.
  await expect(page.getByText(s.contactInformation).first()).toBeVisible();
  await page.getByRole('button', { name: s.continue, exact: true }).click();
  await expect(page.getByText(s.firstNameRequired)).toBeVisible();
  await expect(page.getByText(s.lastNameRequired)).toBeVisible();
  await page.getByLabel(s.firstName).fill('Dee');
  await page.getByLabel(s.lastName).fill('Plains');
  await page.getByLabel(s.emailAddress).fill(email);
  await page.getByLabel(s.phoneNumber).fill('(901) 555-0177');
  await page.getByRole('button', { name: s.continue, exact: true }).click();

  // Step 3: the plan and the order summary.
  await expect(page.getByText(s.orderSummary)).toBeVisible();
  await expect(page.getByText(s.billedMonthly)).toBeVisible();
  await expect(page.getByText(s.testCheckoutNote)).toBeVisible();
  for (const feature of s.features as string[]) await expect(page.getByText(feature, { exact: true })).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: s.subscribeNow }).click();
  await expect(page.getByText(s.openingCheckout)).toBeVisible();
  const checkout = await popupPromise;
  await expect(checkout).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(checkout.getByText('$1,299').first()).toBeVisible();

  // A declined card first, then Stripe's standard test card.
  await checkout.getByLabel(texts.testCheckout.cardNumber).fill('4000 0000 0000 0002');
  await checkout.getByLabel(texts.testCheckout.expiry).fill('12/40');
  await checkout.getByLabel(texts.testCheckout.cvc).fill('123');
  await checkout.getByRole('button', { name: texts.testCheckout.pay }).click();
  await expect(checkout.getByText(texts.testCheckout.declined)).toBeVisible();
  await checkout.getByLabel(texts.testCheckout.cardNumber).fill('4242 4242 4242 4242');
  await checkout.getByRole('button', { name: texts.testCheckout.pay }).click();

  await expect(checkout).toHaveURL(/\/subscription-success\?session_id=cs_test_/);
  await expect(checkout.getByText(ok.thankYou)).toBeVisible();
  await expect(checkout.getByText(ok.paid)).toBeVisible();
  await checkout.getByLabel(ok.password, { exact: true }).fill('Str0ngPass');
  await checkout.getByLabel(ok.confirmPassword).fill('Str0ngPass!');
  await checkout.getByRole('button', { name: ok.createAccount }).click();
  await expect(checkout.getByText(ok.passwordsDontMatch)).toBeVisible();
  await checkout.getByLabel(ok.confirmPassword).fill('Str0ngPass');
  await checkout.getByRole('button', { name: ok.createAccount }).click();
  await expect(checkout.getByText(ok.accountCreated)).toBeVisible();
  await expect(checkout).toHaveURL(/\/pending-approval$/, { timeout: 5000 });
  await expect(checkout.getByText(texts.pendingApproval.title)).toBeVisible();
  await expect(checkout.getByText(email)).toBeVisible();

  // The signup holds its subscription and waits for the super admin.
  const saved = await (await request.get(`/api/signups/${signupId}`)).json();
  expect(saved.subscription_status).toBe('active');
  expect(saved.completed).toBe(false);
  expect(saved.current_step).toBe(3);
});

test('leaving after step 2 and coming back by ?id= restores the data and the step', async ({ page, context }) => {
  await page.goto('/fleet-signup');
  await page.getByLabel(s.dotNumber).fill('1000001');
  await page.getByRole('button', { name: s.search, exact: true }).click();
  await expect(page.getByText('BLUE RIDGE HAULING LLC')).toBeVisible();
  await expect(page).toHaveURL(/\?id=/);
  const url = page.url();
  await page.getByRole('button', { name: s.saveAndContinue }).click();
  await expect(page.getByLabel(s.firstName)).toBeVisible();
  await page.close();

  const again = await context.newPage();
  await again.goto(new URL(url).pathname + new URL(url).search);
  await expect(again.getByText(s.restored)).toBeVisible();
  await expect(again.getByLabel(s.firstName)).toBeVisible();
  await again.getByRole('button', { name: s.back }).click();
  await expect(again.getByText('BLUE RIDGE HAULING LLC')).toBeVisible();
  await expect(again.getByText('1-20 units')).toBeVisible();
});

test('an unknown DOT number shows the inline error and the toast', async ({ page }) => {
  await page.goto('/fleet-signup');
  await page.getByLabel(s.dotNumber).fill('7777777');
  await page.getByRole('button', { name: s.search, exact: true }).click();
  await expect(page.getByText(s.noCarrier)).toBeVisible();
  await expect(page.getByText(s.lookupError, { exact: true })).toBeVisible();
});

test('pricing page: tiers, the schedule dialog without a booking URL, and the quote scroll', async ({ page }) => {
  const p = texts.pricing;
  await page.goto('/pricing');
  for (const tier of p.tiers as { name: string; time: string }[]) {
    await expect(page.getByText(tier.name, { exact: true })).toBeVisible();
    await expect(page.getByText(tier.time, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(p.mostPopular)).toBeVisible();
  await page.getByRole('button', { name: p.scheduleCall }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(p.dialogFallback)).toBeVisible();
  await expect(dialog.getByRole('link', { name: p.dialogEmailUs })).toHaveAttribute('href', new RegExp(`^mailto:${texts.brand.contactEmail}`));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: p.requestQuote }).click();
  await expect(page.locator('#schedule')).toBeInViewport();
});
