import { expect, test, type Locator, type Page } from '@playwright/test';
import { followMailLink, format, signIn, specToast, texts, users } from './support';

// Issue 29: what a new user met walking every screen at 1280 and 375 px.
// W2_SHOTS=<dir> also saves a screenshot of each fixed screen.

const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

async function shot(page: Page, name: string) {
  const dir = process.env.W2_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${page.viewportSize()!.width}-${name}.png` });
}

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a fleet admin pending approval is sent from /fleet-dashboard to /pending-approval', async ({ page }) => {
  await signIn(page, users.pendingFleetAdmin);
  // What the server says of them: no account_id, and no fleet account.
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.role).toBe('fleet_admin');
  expect(session.user.account_id).toBeNull();
  expect((await page.request.get('/api/fleet/account')).status()).toBe(403);

  await page.goto('/fleet-dashboard');
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByText(texts.pendingApproval.title)).toBeVisible();
  await expect(page.getByText(texts.fleet.notFoundTitle)).toHaveCount(0);
});

test('/pending-approval signed out offers Sign In, not Logout', async ({ page }) => {
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.goto('/pending-approval');
    await expect(page.getByText(texts.pendingApproval.title)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: texts.publicHeader.signIn })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('button', { name: texts.pendingApproval.logout })).toHaveCount(0);
    await shot(page, 'pending-approval-signed-out');
  }
});

test('on a phone tab rows stay one row and scroll sideways', async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, users.superAdmin);
  await page.goto('/dashboard');
  const list = page.getByRole('tablist').first();
  await expect(list).toBeVisible();
  const rows = await list.evaluate((el) => new Set([...el.querySelectorAll('[role="tab"]')].map((tab) => Math.round(tab.getBoundingClientRect().top))).size);
  expect(rows, 'rows of tabs').toBe(1);
  const { scrollWidth, clientWidth } = await list.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  // The last tab, once clicked, is scrolled into the row's view.
  const last = list.getByRole('tab').last();
  await last.click();
  const [row, tab] = [await box(list), await box(last)];
  expect(tab.x + tab.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
  await shot(page, 'admin-tabs');
});

test("the header shows the admin's whole name on a phone", async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, users.superAdmin);
  await page.goto('/dashboard');
  const label = page.getByTestId('user-label');
  await expect(label).toBeVisible();
  const clipped = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5);
  expect(clipped, 'the name is cut off').toBe(false);
  await expect(page.getByRole('button', { name: texts.dashboard.signOut })).toBeVisible();
  await shot(page, 'admin-header');
});

test('on a phone toasts show at the top, clear of the full-width button; a success dismisses the error', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/auth');
  await page.getByLabel(texts.auth.email).fill(demo.email);
  await page.getByLabel(texts.auth.password).fill('not-the-password');
  const submit = page.getByRole('button', { name: texts.auth.signInTab, exact: true }).last();
  await submit.click();
  const error = page.locator('[data-sonner-toast][data-type="error"]');
  // Settled where it shows (the first frame may still be sliding in).
  let toastBox = { x: 0, y: Number.POSITIVE_INFINITY, width: 0, height: 0 };
  await expect
    .poll(async () => {
      toastBox = (await error.boundingBox()) ?? toastBox;
      return toastBox.y;
    })
    .toBeLessThan(phone.height / 2);
  expect(toastBox.y).toBeLessThan(phone.height / 2);
  expect(overlaps(toastBox, await box(submit)), 'the toast covers the Sign In button').toBe(false);
  await shot(page, 'auth-error-toast');

  await page.getByLabel(texts.auth.password).fill(demo.password);
  await submit.click();
  await expect(page.getByText(texts.auth.welcomeBackTitle)).toBeVisible();
  await expect(error).toHaveCount(0);
  // The toast sits below the header: the user menu stays free.
  const menu = page.getByRole('button', { name: texts.fleet.shell.userMenu });
  const welcome = page.locator('[data-sonner-toast]').filter({ hasText: texts.auth.welcomeBackTitle });
  expect(overlaps(await box(welcome), await box(menu))).toBe(false);
  await shot(page, 'welcome-toast');
});

test('on a phone the date-range picker shows one whole month', async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/documents');
  await page.getByTestId('date-range-button').click();
  const popover = page.locator('[data-radix-popper-content-wrapper] > *').first();
  await expect(popover.getByRole('grid')).toHaveCount(1);
  const inner = await popover.evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(inner, 'the calendar scrolls inside its box').toBeLessThanOrEqual(1);
  const [pop, grid] = [await box(popover), await box(popover.getByRole('grid'))];
  expect(grid.y + grid.height).toBeLessThanOrEqual(pop.y + pop.height);
  await shot(page, 'date-range-picker');
});

test('read-only fields look read-only', async ({ page }) => {
  await page.setViewportSize(desktop);
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/company-settings');
  const dot = page.getByLabel(texts.fleet.settingsForm.dotNumber);
  await expect(dot).toHaveAttribute('readonly', '');
  const [readOnly, editable] = await Promise.all([
    dot.evaluate((el) => getComputedStyle(el).backgroundColor),
    page.getByLabel(texts.fleet.settingsForm.legalName).evaluate((el) => getComputedStyle(el).backgroundColor),
  ]);
  expect(readOnly).not.toBe(editable);
  await dot.focus();
  expect(await dot.evaluate((el) => getComputedStyle(el).outlineWidth)).not.toBe('2px');
  await shot(page, 'read-only-dot');
});

test("the pricing page's feature row is as wide as the tier cards", async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto('/pricing');
  const tiers = page.getByRole('region', { name: 'Implementation tiers' }).locator('.grid').first();
  const features = page.getByRole('region', { name: 'How we work' }).locator('.grid').first();
  const contentBox = (grid: Locator) =>
    grid.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return { left: r.left + parseFloat(style.paddingLeft), right: r.right - parseFloat(style.paddingRight) };
    });
  const [a, b] = [await contentBox(tiers), await contentBox(features)];
  expect(Math.abs(a.left - b.left)).toBeLessThanOrEqual(1);
  expect(Math.abs(a.right - b.right)).toBeLessThanOrEqual(1);
  await page.getByRole('region', { name: 'How we work' }).scrollIntoViewIfNeeded();
  await shot(page, 'pricing');
});

test('on a phone the truck board scrolls down to its results after a search', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `phone-lead-${Date.now()}@prairie.test`;
  await signIn(page, users.superAdmin);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: texts.dashboard.tabs.accounts }).click();
  await page.getByRole('button', { name: texts.brokers.admin.create }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel(texts.brokers.admin.name).fill(`Phone Brokers ${Date.now()}`);
  await create.getByLabel(texts.brokers.admin.mcNumber).fill('MC-445577');
  await create.getByLabel(texts.brokers.admin.adminEmail).fill(email);
  await create.getByRole('button', { name: texts.brokers.admin.create }).click();
  await expect(specToast(page, format(texts.brokers.admin.created, { email }))).toBeVisible();

  const lead = await (await browser.newContext({ viewport: phone })).newPage();
  // The invitation signs the new broker admin in once they choose a password (issue 29 point 24).
  await followMailLink(lead, email, 'Choose your password');
  await lead.getByLabel(texts.auth.chooseNewPassword).fill('Broker-lead-1');
  await lead.getByRole('button', { name: texts.auth.inviteButton }).click();
  await expect(lead).toHaveURL(/\/dashboard$/);

  await lead.goto('/broker/board');
  await lead.getByLabel(texts.board.search.origin).fill('Chicago, IL');
  await lead.getByRole('button', { name: texts.board.search.submit, exact: true }).click();
  await expect(lead).toHaveURL(/origin=Chicago/);
  // The results (or the 'nothing found' text) are scrolled into view: the form no longer fills the screen.
  await expect.poll(() => lead.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const answer = lead.getByTestId('board-result').first().or(lead.getByText(texts.board.search.empty));
  await expect(answer).toBeInViewport();
  await shot(lead, 'board-after-search');
});
