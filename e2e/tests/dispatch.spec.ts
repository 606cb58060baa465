import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { format, settled, signIn, test, texts } from './support';

// The dispatch board (issue 31 §3) on the demo fleet's seeded week: an
// unassigned load is assigned from its card's dialog (findings shown, an
// override reason typed when something blocks) and moves to Planned. At a
// desktop and a phone width, nothing wider than the window. Each run puts
// the load back (planned → accepted takes the assignment off), so the demo
// fleet's week is as seeded for the specs after this one.

const demo = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };
const t = texts.loads.dispatch;
const a = t.assign;

async function expectFits(page: Page, what: string) {
  await settled(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/** No WCAG 2.1 A/AA violation that axe-core finds (as accessibility.spec.ts checks every screen). */
async function expectAccessible(page: Page, what: string) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(found, `${what} has accessibility violations`).toEqual([]);
}

test.use({ reducedMotion: 'reduce' });

/** Takes the assignment off again through the API, as the signed-in user. */
async function unassign(page: Page, loadId: string) {
  const status = await page.evaluate(async (id) => {
    const session = await (await fetch('/api/auth/session')).json();
    const res = await fetch(`/api/fleet/loads/${id}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token },
      body: JSON.stringify({ status: 'accepted' }),
    });
    return res.status;
  }, loadId);
  expect(status).toBe(200);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`assigns an unassigned load from the board at ${viewport.width} px`, async ({ page }) => {
    // Two axe runs and the eligibility checks: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signIn(page, demo);
    await page.goto('/fleet-dashboard/dispatch');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const unassigned = page.getByRole('list', { name: t.columns.unassigned });
    const card = unassigned.getByRole('article').filter({ hasText: t.status.accepted }).first();
    await expect(card).toBeVisible();
    // The week (a desktop) or the day's list (a phone).
    if (viewport.width >= 768) await expect(page.getByTestId('dispatch-week')).toBeVisible();
    else await expect(page.getByTestId('dispatch-day')).toBeVisible();
    await expectFits(page, 'the dispatch board');
    await expectAccessible(page, 'the dispatch board');

    const loadId = (await card.getAttribute('data-load-id')) as string;
    const pro = /PRO (\d+)/.exec((await card.getAttribute('aria-label')) ?? '')?.[1] as string;
    expect(pro).toBeTruthy();

    // Opened from the keyboard; the URL names the load.
    await card.getByRole('button', { name: format(t.card.assignLabel, { pro }) }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: format(a.title, { pro }) });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`assign=${loadId}`));
    const findings = dialog.getByRole('region', { name: a.findings });
    await expect(findings.getByText(a.chooseFirst)).toBeVisible();

    await dialog.getByLabel(a.driver, { exact: true }).selectOption({ index: 1 });
    await dialog.getByLabel(a.truck, { exact: true }).selectOption({ index: 1 });
    // The findings of this choice: a group per severity, or nothing in the way.
    await expect(findings.locator('[data-severity]').or(findings.getByText(a.noFindings)).first()).toBeVisible();
    await expect(findings).toHaveAttribute('aria-busy', 'false');
    await expectFits(page, 'the assignment dialog');
    await expectAccessible(page, 'the assignment dialog');

    const reason = dialog.getByLabel(a.overrideReason);
    if (await reason.isVisible()) {
      // A Block: the override needs a reason before the server takes it.
      await dialog.getByRole('button', { name: a.submitOverride }).click();
      await expect(dialog.getByText(a.overrideRequired)).toBeVisible();
      await reason.fill('Checked with the safety manager (browser test)');
      await dialog.getByRole('button', { name: a.submitOverride }).click();
    } else {
      await dialog.getByRole('button', { name: a.submit, exact: true }).click();
    }
    await expect(dialog.getByText(format(a.assigned, { pro }))).toBeVisible();
    await expect(dialog.getByRole('button', { name: a.dispatchNow })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const planned = page.getByRole('list', { name: t.columns.planned });
    await expect(planned.locator(`[data-load-id="${loadId}"]`)).toBeVisible();
    await expect(unassigned.locator(`[data-load-id="${loadId}"]`)).toHaveCount(0);
    await expectFits(page, 'the board after assigning');

    await unassign(page, loadId);
  });
}
