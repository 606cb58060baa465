import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createHmac, randomUUID } from 'node:crypto';
import { signIn, specToast, texts } from './support';

// The Billing screen against the Stripe stand-in: the demo fleet has an
// active Fleet Pro subscription with six payments. Tests that change its
// state put it back to active, so the other specs see an active fleet.

const b = texts.billing;
const p = texts.testPortal;
const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };
const SUBSCRIPTION = 'sub_demo1234567890';
const CUSTOMER = 'cus_test_demo1000099';
const WEBHOOK_SECRET = 'whsec_e2e_longhaul';
const BILLING = '/fleet-dashboard/billing';
const DAY = 86_400;

test.describe.configure({ mode: 'serial' });

/** Cents as the SPA's lib/money.ts shows them. */
function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

async function billingOverview(page: Page) {
  const res = await page.request.get('/api/fleet/billing');
  expect(res.status()).toBe(200);
  return res.json();
}

function statusBadge(page: Page): Locator {
  return page.getByTestId('subscription-status').locator('[data-tone]');
}

/** Reloads the Billing screen until its status badge reads `label` (webhooks are handled by a background job). */
async function expectStatus(page: Page, label: string, tone: 'success' | 'warning') {
  await expect(async () => {
    await page.goto(BILLING);
    await expect(statusBadge(page)).toHaveText(label, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(statusBadge(page)).toHaveAttribute('data-tone', tone);
  await expect(statusBadge(page)).toHaveClass(tone === 'success' ? /bg-green/ : /bg-amber/);
}

async function expectNoSideways(page: Page, what: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${what} is ${scrollWidth} px wide`).toBeLessThanOrEqual(375);
}

/** A `customer.subscription.updated` event as Stripe sends it, and its Stripe-Signature header. */
function subscriptionEvent(status: string, created: number, amountCents: number, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({
    id: `evt_e2e_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: {
      object: {
        id: SUBSCRIPTION,
        object: 'subscription',
        customer: CUSTOMER,
        status,
        cancel_at_period_end: false,
        items: {
          object: 'list',
          data: [
            {
              quantity: 1,
              current_period_start: created - DAY,
              current_period_end: created + 29 * DAY,
              price: { unit_amount: amountCents, currency: 'usd' },
            },
          ],
        },
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { body, signature: `t=${t},v1=${v1}` };
}

/** Posted as Stripe does: without the browser's session cookie (a cookie would call for a CSRF token). */
async function postWebhook(request: APIRequestContext, event: { body: string; signature: string }) {
  return request.post('/api/webhooks/stripe', {
    data: event.body,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
}

test('overview: plan, amount, Active in green, the card and three recent payments; history lists all six', async ({
  page,
}) => {
  await signIn(page, demo);
  await page.goto(BILLING);
  await expect(page.getByRole('heading', { name: b.title })).toBeVisible();

  const overview = await billingOverview(page);
  const plan = page.getByTestId('current-plan');
  await expect(plan.getByText('Fleet Pro')).toBeVisible();
  await expect(plan.getByTestId('plan-price')).toHaveText(`${dollars(overview.subscription.amount_cents)}${b.perMonth}`);
  await expect(statusBadge(page)).toHaveText(b.statusLabels.active);
  await expect(statusBadge(page)).toHaveAttribute('data-tone', 'success');
  await expect(statusBadge(page)).toHaveClass(/bg-green/);
  await expect(plan.getByText('sub_demo12…')).toBeVisible();
  await expect(page.getByTestId('card-label')).toHaveText('Visa ending in 4242');
  await expect(page.getByText(b.standIn)).toBeVisible();
  await expect(page.getByTestId('recent-payments').getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('billing-banner')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/billing-overview-1280.png', fullPage: true });

  await page.getByRole('button', { name: b.viewAllHistory }).click();
  await expect(page.getByRole('tab', { name: b.tabs.history })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(6);
  for (const row of await rows.all()) {
    await expect(row.getByText(b.paid, { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: b.receipt })).toHaveAttribute('target', '_blank');
  }
  await page.screenshot({ path: '/tmp/billing-history-1280.png', fullPage: true });

  // A receipt opens on the stand-in's receipt page.
  const href = await rows.first().getByRole('link', { name: b.receipt }).getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: p.receiptTitle })).toBeVisible();
  await expect(page.getByText(b.paid, { exact: true })).toBeVisible();
});

test('Manage Payment Methods opens the portal in a new tab; a failed renewal is Past Due with the banner, a successful one Active again', async ({
  page,
  context,
}) => {
  await signIn(page, demo);
  await page.goto(BILLING);
  await expect(statusBadge(page)).toHaveText(b.statusLabels.active);

  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: b.managePaymentMethods }).click(),
  ]);
  await portal.waitForURL(/\/test-portal\/[^/]+$/);
  await expect(portal.getByText(p.notice)).toBeVisible();
  await expect(portal.getByTestId('portal-card')).toContainText('4242');
  await portal.screenshot({ path: '/tmp/billing-portal-1280.png', fullPage: true });

  await portal.getByRole('button', { name: p.actions.renewal_fails }).click();
  await expect(specToast(portal, p.done)).toBeVisible();

  await page.bringToFront();
  await expectStatus(page, b.statusLabels.pastDue, 'warning');
  const banner = page.getByTestId('billing-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(b.pastDueBannerTitle);
  await expect(banner.getByRole('link', { name: b.goToBilling })).toHaveAttribute('href', BILLING);
  await page.screenshot({ path: '/tmp/billing-past-due-1280.png', fullPage: true });

  // A phone: the banner and the Billing screen fit 375 px without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(statusBadge(page)).toHaveText(b.statusLabels.pastDue);
  await expectNoSideways(page, 'Billing overview with the past-due banner');
  await page.screenshot({ path: '/tmp/billing-past-due-375.png', fullPage: true });
  await page.getByRole('tab', { name: b.tabs.history }).click();
  await expect(page.getByTestId('payment-card').first()).toBeVisible();
  await expectNoSideways(page, 'Payment History');
  await page.screenshot({ path: '/tmp/billing-history-375.png', fullPage: true });
  await page.goto('/fleet-dashboard');
  await expect(banner).toBeVisible();
  await expectNoSideways(page, 'Overview with the past-due banner');
  await page.setViewportSize({ width: 1280, height: 800 });

  await portal.bringToFront();
  await portal.getByRole('button', { name: p.actions.renewal_succeeds }).click();
  await expect(specToast(portal, p.done).last()).toBeVisible();
  await page.bringToFront();
  await expectStatus(page, b.statusLabels.active, 'success');
  await expect(page.getByTestId('billing-banner')).toHaveCount(0);
});

test('a signed Stripe webhook makes the fleet past due; a forged one is refused', async ({ page, request }) => {
  await signIn(page, demo);
  const overview = await billingOverview(page);
  const amount: number = overview.subscription.amount_cents;
  // Later than any state the stand-in has sent so far.
  const now = Math.floor(Date.now() / 1000);

  const forged = subscriptionEvent('past_due', now + 5, amount, 'whsec_not_the_secret');
  expect((await postWebhook(request, forged)).status()).toBe(400);

  const pastDue = subscriptionEvent('past_due', now + 5, amount);
  expect((await postWebhook(request, pastDue)).status()).toBe(200);

  await expect(async () => {
    await page.goto('/fleet-dashboard');
    await expect(page.getByTestId('billing-banner')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const banner = page.getByTestId('billing-banner');
  await expect(banner).toContainText(b.pastDueBannerTitle);
  await banner.getByRole('link', { name: b.goToBilling }).click();
  await expect(page).toHaveURL(new RegExp(`${BILLING}$`));
  await expect(statusBadge(page)).toHaveText(b.statusLabels.pastDue);
  await expect(statusBadge(page)).toHaveAttribute('data-tone', 'warning');
  await expect(statusBadge(page)).toHaveClass(/bg-amber/);

  // Back to active, with a newer event, for the specs that follow.
  const active = subscriptionEvent('active', now + 10, amount);
  expect((await postWebhook(request, active)).status()).toBe(200);
  await expectStatus(page, b.statusLabels.active, 'success');
  await expect(page.getByTestId('billing-banner')).toHaveCount(0);
});

test('every other status reads capitalised in red: unpaid, canceled, trialing', async ({ page, request }) => {
  await signIn(page, demo);
  const amount: number = (await billingOverview(page)).subscription.amount_cents;
  const now = Math.floor(Date.now() / 1000);
  const statuses: [string, string][] = [
    ['unpaid', 'Unpaid'],
    ['canceled', 'Canceled'],
    ['trialing', 'Trialing'],
  ];
  for (const [i, [status, label]] of statuses.entries()) {
    expect((await postWebhook(request, subscriptionEvent(status, now + 20 + i * 10, amount))).status()).toBe(200);
    await expect(async () => {
      await page.goto(BILLING);
      await expect(statusBadge(page)).toHaveText(label, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(statusBadge(page)).toHaveAttribute('data-tone', 'destructive');
    await expect(statusBadge(page)).toHaveClass(/bg-red/);
  }
  // Back to active, newer than all of them, for the specs that follow.
  expect((await postWebhook(request, subscriptionEvent('active', now + 60, amount))).status()).toBe(200);
  await expectStatus(page, b.statusLabels.active, 'success');
});

test('at 375 px the active Billing screen fits the phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo);
  await page.goto(BILLING);
  await expect(statusBadge(page)).toHaveText(b.statusLabels.active);
  await expectNoSideways(page, 'Billing overview');
  await page.screenshot({ path: '/tmp/billing-overview-375.png', fullPage: true });
});
