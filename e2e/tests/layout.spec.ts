import { expect, type Locator, type Page } from '@playwright/test';
import { settled, signIn, test, texts, users } from './support';

// Every screen at a phone, a tablet and a desktop width: nothing may make the
// page wider than the window (a page that pans sideways into blank space),
// tables scroll inside their cards, and toasts leave the header's menu free.
// LAYOUT_SHOTS=<dir> also saves a screenshot of every screen.

const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };
const f = texts.fleet;
const viewports = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/** The page is no wider than the window at this viewport. */
async function expectFits(page: Page, what: string) {
  await settled(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  const shots = process.env.LAYOUT_SHOTS;
  if (shots) {
    const name = `${innerWidth}-${what.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`;
    await page.screenshot({ path: `${shots}/${name}` });
  }
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

async function visit(page: Page, path: string, ready: Locator | string) {
  await page.goto(path);
  await expect(typeof ready === 'string' ? page.getByText(ready).first() : ready).toBeVisible();
  await expectFits(page, path);
}

/** Clicks each tab of the first tab list whose tabs are named `names`, checking the page after each. */
async function eachTab(page: Page, what: string, names: string[]) {
  for (const name of names) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('data-state', 'active');
    await expectFits(page, `${what} ${name}`);
  }
}

/**
 * Every tab list on the page is one row (a phone scrolls it sideways rather
 * than wrapping it onto a second row), and every tab shows its whole label
 * once scrolled to: nothing is clipped for good.
 */
async function expectTabLabelsVisible(page: Page, what: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
      const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
      const tops = new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      if (tops.size > 1) out.push(`wraps: ${list.textContent}`);
      for (const tab of tabs) {
        list.scrollLeft += tab.getBoundingClientRect().left - list.getBoundingClientRect().left;
        const box = list.getBoundingClientRect();
        const r = tab.getBoundingClientRect();
        const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
        if (!inside || tab.scrollWidth > tab.clientWidth) out.push(tab.textContent ?? '');
      }
      list.scrollLeft = 0;
    }
    return out;
  });
  expect(problems, `${what}: tab rows wrapped or labels cut off`).toEqual([]);
}

test('public pages, sign-in and the signup wizard', async ({ page }) => {
  test.setTimeout(120_000);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await visit(page, '/', page.getByRole('heading', { level: 1 }));
    await visit(page, '/pricing', page.getByRole('heading', { level: 1 }));
    await visit(page, '/privacy-policy', page.getByRole('heading', { level: 1 }));
    await visit(page, '/terms-of-service', page.getByRole('heading', { level: 1 }));
    await visit(page, '/no-such-page', texts.notFound.message);
    await visit(page, '/auth', page.getByLabel(texts.auth.email));
    await page.getByRole('tab', { name: texts.auth.createAccountTab }).click();
    await expectFits(page, '/auth sign-up');
    await visit(page, '/reset-password', texts.auth.resetTitle);
    await visit(page, '/pending-approval', texts.pendingApproval.title);
    await visit(page, '/fleet-signup', page.getByLabel(texts.signup.dotNumber));
    await page.getByLabel(texts.signup.dotNumber).fill('1000005');
    await page.getByRole('button', { name: texts.signup.search, exact: true }).click();
    await expect(page.getByText(texts.signup.companyFound)).toBeVisible();
    await expectFits(page, '/fleet-signup company found');
    await page.getByRole('button', { name: texts.signup.saveAndContinue }).click();
    await expect(page.getByText(texts.signup.contactInformation).first()).toBeVisible();
    await expectFits(page, '/fleet-signup contact');
  }
});

test('system administration: every tab, tables scroll inside their cards, tab labels whole', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, users.superAdmin);
  const tabs = texts.dashboard.tabs;
  const names = [tabs.overview, tabs.fleetSignups, tabs.users, tabs.accounts, texts.admin.tabs.audit, tabs.settings];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    await expect(page.getByRole('tab', { name: tabs.overview })).toBeVisible();
    await expectTabLabelsVisible(page, `admin at ${viewport.width}`);
    await eachTab(page, 'admin', names);
  }
  // At phone width each user is a card: no table to pan.
  await page.setViewportSize(viewports[0]);
  await page.getByRole('tab', { name: tabs.users }).click();
  await expect(page.getByTestId('data-card').first()).toBeVisible();
  await expect(page.getByTestId('table-scroll')).toHaveCount(0);
  // At tablet width a table wider than its card says so: a shadow on the edge
  // with columns beyond it, which moves to the other edge once scrolled there.
  await page.setViewportSize(viewports[1]);
  await page.getByRole('tab', { name: tabs.accounts }).click();
  const scroller = page.getByTestId('table-scroll').first();
  const edge = (side: 'start' | 'end') => scroller.locator('xpath=..').locator(`[data-edge="${side}"]`);
  await expect(scroller).toHaveAttribute('data-overflow-end', 'true');
  await expect(edge('end')).toHaveCSS('opacity', '1');
  await expect(edge('start')).toHaveCSS('opacity', '0');
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(edge('end')).toHaveCSS('opacity', '0');
  await expect(edge('start')).toHaveCSS('opacity', '1');
  // At desktop width the same table fits: no hint.
  await page.setViewportSize(viewports[2]);
  await expect(scroller).toHaveAttribute('data-overflow-end', 'false');
});

test('fleet dashboard: every screen, detail screens and settings tabs', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demo);
  const first = async (path: string) => {
    const res = await page.request.get(path);
    expect(res.status()).toBe(200);
    return (await res.json()).items[0].id as string;
  };
  const truck = await first('/api/fleet/trucks?per_page=1');
  const trailer = await first('/api/fleet/trailers?per_page=1');
  const driver = await first('/api/fleet/drivers?per_page=1');
  // The first row of a list (a card on a phone).
  const firstRow = page.locator('tbody tr, [data-testid="data-card"]').first();

  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await visit(page, '/fleet-dashboard', f.fleetStatus);
    await visit(page, '/fleet-dashboard/profile', page.getByRole('tab', { name: f.profileTabs.companyInfo }));
    await eachTab(page, 'profile', [f.profileTabs.authority, f.profileTabs.fmcsa]);
    await visit(page, '/fleet-dashboard/trucks', firstRow);
    await page.getByRole('tab', { name: /Inactive Trucks/ }).click();
    await expect(firstRow).toBeVisible();
    await expectFits(page, 'trucks inactive');
    await visit(page, '/fleet-dashboard/trailers', firstRow);
    await visit(page, '/fleet-dashboard/drivers', firstRow);
    await visit(page, `/fleet-dashboard/trucks/${truck}`, f.backToTrucks);
    await visit(page, `/fleet-dashboard/trailers/${trailer}`, page.getByRole('heading', { level: 1 }));
    await visit(page, `/fleet-dashboard/drivers/${driver}`, page.getByRole('heading', { level: 1 }));
    await visit(page, '/fleet-dashboard/company-settings', page.getByRole('tab', { name: f.settingsTabs.general }));
    await expectTabLabelsVisible(page, `company settings at ${viewport.width}`);
    await eachTab(page, 'company settings', [f.settingsTabs.branding, f.settingsTabs.security, f.settingsTabs.eld, f.settingsTabs.general]);
    await visit(page, '/fleet-dashboard/settings', page.getByRole('tablist'));
    await expectTabLabelsVisible(page, `settings at ${viewport.width}`);
    await visit(page, '/fleet-dashboard/documents', page.getByRole('heading', { level: 1 }));
    await visit(page, '/fleet-dashboard/billing', page.getByRole('heading', { level: 1 }));
  }
});

test("at 1280×800 the Trucks list shows 12 or more whole rows, each one line, its menu button inside the card", async ({ page }) => {
  await page.setViewportSize(viewports[2]);
  await signIn(page, demo);
  await page.goto('/fleet-dashboard/trucks');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await settled(page);
  const { whole, heights } = await rows.evaluateAll((trs) => ({
    whole: trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
    heights: trs.map((tr) => Math.round(tr.getBoundingClientRect().height)),
  }));
  expect(whole, `whole truck rows in the first screen (row heights ${heights.slice(0, 5).join(', ')})`).toBeGreaterThanOrEqual(12);
  expect(Math.max(...heights), 'the tallest truck row').toBeLessThanOrEqual(44);

  const button = rows.first().getByRole('button', { name: texts.board.postings.actions, exact: true });
  await expect(button).toBeVisible();
  const clipped = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    // Every ancestor that clips (the table's scroll box, the card) must show the whole button.
    for (let node = el.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible') continue;
      const r = node.getBoundingClientRect();
      if (box.left < r.left - 0.5 || box.right > r.right + 0.5) return node.className || node.tagName;
    }
    return null;
  });
  expect(clipped, "a row's menu button is cut off by").toBeNull();
  // View Details and Post to Truck Board are in it.
  await button.click();
  await expect(page.getByRole('menuitem', { name: f.viewDetails })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: texts.board.postButton })).toBeVisible();
});

test('the sign-in toast leaves the header menu free', async ({ page }) => {
  for (const viewport of [viewports[0], viewports[2]]) {
    await page.setViewportSize(viewport);
    await signIn(page, demo);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: texts.auth.welcomeBackTitle });
    const menu = page.getByRole('button', { name: f.shell.userMenu });
    await expect(menu).toBeVisible();
    const [a, b] = [await toast.boundingBox(), await menu.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap, `the toast covers the user menu at ${viewport.width} px`).toBe(false);
    await page.context().clearCookies();
  }
});

test('pending approval, driver portal and the broker and no-role dashboards', async ({ page }) => {
  test.setTimeout(120_000);
  const screens = [
    { user: users.pendingFleetAdmin, path: '/pending-approval', ready: texts.pendingApproval.title },
    { user: users.driver, path: '/driver-portal', ready: texts.driverPortal.title },
    { user: users.brokerAdmin, path: '/dashboard', ready: page.getByRole('heading', { level: 1 }) },
    { user: users.brokerUser, path: '/dashboard', ready: page.getByRole('heading', { level: 1 }) },
    { user: users.noRole, path: '/dashboard', ready: page.getByRole('heading', { level: 1 }) },
  ];
  for (const screen of screens) {
    await page.context().clearCookies();
    await signIn(page, screen.user);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await visit(page, screen.path, screen.ready);
    }
  }
});
