import { expect, test } from '@playwright/test';
import { followMailLink, texts } from './support';

const s = texts.signup;
const ok = texts.subscriptionSuccess;

test('a carrier signs up, pays in the test checkout and creates its fleet-admin login', async ({ page, request }) => {
  // The whole signup, the payment, the 2-second wait for /pending-approval and the e-mailed link.
  test.setTimeout(60_000);
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

  // Not paid yet: the success page says so and leads back to the checkout.
  const sessionId = checkout.url().split('/test-checkout/')[1];
  const early = await page.context().newPage();
  await early.goto(`/subscription-success?session_id=${sessionId}`);
  await expect(early.getByText('Subscription status: open')).toBeVisible();
  await expect(early.getByRole('heading', { name: ok.paymentIncomplete })).toBeVisible();
  await expect(early.getByText(ok.applicationReceived)).toHaveCount(0);
  await early.getByRole('link', { name: ok.returnToCheckout }).click();
  await expect(early).toHaveURL(new RegExp(`/test-checkout/${sessionId}$`));
  // An empty card form: each message once, under its field.
  await early.getByRole('button', { name: texts.testCheckout.pay }).click();
  await expect(early.getByText(texts.testCheckout.invalidCard)).toHaveCount(1);
  await early.close();

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
  // Nobody is signed in by the page: the account waits for the link sent to the payer.
  await expect(checkout.getByRole('heading', { name: ok.confirmEmailTitle })).toBeVisible();
  await expect(checkout.getByText(email).first()).toBeVisible();
  // Spec: the pending-approval page follows after 2 seconds, still saying where the link went,
  // and offers Sign In (nobody is signed in yet) rather than Logout.
  await expect(checkout).toHaveURL(/\/pending-approval$/);
  await expect(checkout.getByText(texts.pendingApproval.title)).toBeVisible();
  await expect(checkout.getByRole('heading', { name: ok.confirmEmailTitle })).toBeVisible();
  await expect(checkout.getByText(email).first()).toBeVisible();
  await expect(checkout.getByRole('main').getByRole('link', { name: texts.publicHeader.signIn })).toHaveAttribute('href', '/auth');
  await expect(checkout.getByRole('button', { name: texts.pendingApproval.logout })).toHaveCount(0);
  await followMailLink(checkout, email, 'Confirm your e-mail');
  await expect(checkout.getByText(texts.auth.emailConfirmedTitle)).toBeVisible();
  await checkout.getByLabel(texts.auth.email).fill(email);
  await checkout.getByLabel(texts.auth.password).fill('Str0ngPass');
  await checkout.getByRole('button', { name: texts.auth.signInTab, exact: true }).click();
  await expect(checkout).toHaveURL(/\/pending-approval$/);
  await expect(checkout.getByText(texts.pendingApproval.title)).toBeVisible();
  await expect(checkout.getByText(email)).toBeVisible();

  // The restore link of a signup that went to checkout echoes nothing.
  const saved = await (await request.get(`/api/signups/${signupId}`)).json();
  expect(saved.checkout_started).toBe(true);
  expect(saved.company).toBeNull();
  expect(saved.contact).toBeNull();
  expect(JSON.stringify(saved)).not.toContain(email);
  // And it cannot be rewritten: a contact change starts a new signup.
  const changed = await (
    await request.put(`/api/signups/${signupId}/contact`, {
      data: { first_name: 'Eve', last_name: 'M', email: 'eve@attacker.test', phone: '(615) 555-0666' },
    })
  ).json();
  expect(changed.id).not.toBe(signupId);

  // Opening the cancel link of the paid signup starts a new signup.
  await page.goto(`/fleet-signup?id=${signupId}`);
  await expect(page.getByText(s.checkoutStarted)).toBeVisible();
  await expect(page.getByLabel(s.dotNumber)).toBeVisible();
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
