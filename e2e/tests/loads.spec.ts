import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled, signIn, test, texts, users } from './support';

// Issue 31 §1, §4: a load typed in by hand — its customer and both facilities
// added from the form — is found in the loads list and shown on its own page,
// at a desktop and a phone width, neither page wider than the window.

const s = texts.loads.screens;
const f = s.form;

/** The page is no wider than the window, and axe finds nothing against WCAG 2.1 A and AA. */
async function expectFits(page: Page, what: string) {
  await settled(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(found, `${what} at ${innerWidth} px has accessibility violations`).toEqual([]);
}

async function addFacility(page: Page, stop: number, facility: { name: string; address: string; city: string; state: string }) {
  const item = page.getByRole('listitem', { name: `Stop ${stop}` });
  await item.getByRole('button', { name: f.addFacility }).click();
  const dialog = page.getByRole('dialog', { name: f.newFacilityTitle });
  await dialog.getByLabel(f.facilityName, { exact: true }).fill(facility.name);
  await dialog.getByLabel(f.address, { exact: true }).fill(facility.address);
  await dialog.getByLabel(f.city, { exact: true }).fill(facility.city);
  await dialog.getByLabel(f.state, { exact: true }).selectOption(facility.state);
  await dialog.getByRole('button', { name: f.saveFacility }).click();
  await expect(dialog).toBeHidden();
  // The new facility is chosen for the stop, its clock named under it.
  await expect(item.getByLabel(f.facility, { exact: true })).toHaveValue(/.+/);
}

// Toasts appear at once rather than fading (axe would measure a half-faded one).
test.use({ reducedMotion: 'reduce' });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`a load made by hand is in the list and on its page at ${viewport.width} px`, async ({ page }) => {
    const tag = `${viewport.width}-${Date.now().toString(36)}`;
    const loadNumber = `E2E-${tag}`;
    await page.setViewportSize(viewport);
    await signIn(page, users.fleetAdmin);

    await page.goto('/fleet-dashboard/loads');
    await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
    await expectFits(page, 'loads list');

    await page.getByRole('link', { name: s.newLoad }).first().click();
    await expect(page.getByRole('heading', { name: f.title, level: 1 })).toBeVisible();
    await expectFits(page, 'new load form');

    // The customer, added without leaving the form.
    await page.getByRole('button', { name: f.addCustomer }).click();
    const customerDialog = page.getByRole('dialog', { name: f.newCustomerTitle });
    await customerDialog.getByLabel(f.customerName, { exact: true }).fill(`Northstar Brokerage ${tag}`);
    await customerDialog.getByLabel(f.mc, { exact: true }).fill('765432');
    await customerDialog.getByRole('button', { name: f.saveCustomer }).click();
    await expect(customerDialog).toBeHidden();
    await expect(page.getByLabel(f.customer, { exact: true })).toHaveValue(/.+/);

    await page.getByLabel(f.loadNumber, { exact: true }).fill(loadNumber);
    await page.getByLabel(f.bolNumber, { exact: true }).fill(`BOL-${tag}`);
    await page.getByLabel(f.commodity, { exact: true }).fill('Paper rolls');
    await page.getByLabel(f.weight, { exact: true }).fill('40000');
    await page.getByLabel(f.linehaul, { exact: true }).fill('1,850.50');
    await page.getByLabel(f.fuelSurcharge, { exact: true }).fill('200');

    await addFacility(page, 1, { name: `Midwest Paper Mill ${tag}`, address: '100 Mill Rd', city: 'Chicago', state: 'IL' });
    await page.getByRole('listitem', { name: 'Stop 1' }).getByLabel(f.appointmentAt, { exact: true }).fill('2027-03-02T08:00');
    await addFacility(page, 2, { name: `Front Range DC ${tag}`, address: '5 Dock St', city: 'Denver', state: 'CO' });
    const delivery = page.getByRole('listitem', { name: 'Stop 2' });
    await delivery.getByLabel(f.window, { exact: true }).check();
    await delivery.getByLabel(f.windowStart, { exact: true }).fill('2027-03-03T06:00');
    await delivery.getByLabel(f.windowEnd, { exact: true }).fill('2027-03-03T14:00');
    await delivery.getByLabel(f.instructions, { exact: true }).fill('Door 4, call ahead');
    await expectFits(page, 'filled new load form');

    await page.getByRole('button', { name: f.save }).click();

    // The load's page: its PRO, customer, both stops on their clocks, the money; a load typed in is accepted.
    const heading = page.getByRole('heading', { level: 1, name: /^PRO \d+$/ });
    await expect(heading).toBeVisible();
    const pro = (await heading.textContent())!.replace('PRO ', '');
    await expect(page).toHaveURL(/\/fleet-dashboard\/loads\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`Northstar Brokerage ${tag}`)).toBeVisible();
    await expect(page.getByText(`Midwest Paper Mill ${tag}`)).toBeVisible();
    await expect(page.getByText(`Front Range DC ${tag}`)).toBeVisible();
    await expect(page.getByText(/Mar 2, 08:00 CST/)).toBeVisible();
    await expect(page.getByText(/Mar 3, 06:00 MST – Mar 3, 14:00 MST/)).toBeVisible();
    await expect(page.getByText('$2,050.50')).toBeVisible();
    await expect(page.getByText(texts.loads.milesEstimated)).toBeVisible();
    await expect(page.getByText(s.status.accepted).first()).toBeVisible();
    await expectFits(page, 'load page');

    // And in the list, found by its load number.
    await page.getByRole('link', { name: s.detail.back }).click();
    await page.getByLabel(s.search, { exact: true }).fill(loadNumber);
    await expect(page).toHaveURL(new RegExp(`q=${loadNumber}`));
    const link = page.getByRole('link', { name: pro, exact: true });
    await expect(link).toBeVisible();
    // The earlier width's load shares the lane and stays listed until the search answers.
    const lane = page.getByText('Chicago, IL → Denver, CO');
    await expect(lane).toHaveCount(1);
    await expect(lane).toBeVisible();
    await expectFits(page, 'loads list searched');
    // Every status tab is in sight, the last one too: the row wraps rather than cut it off.
    await expect(page.getByRole('tab', { name: /^Cancelled \(/ })).toBeInViewport({ ratio: 1 });
    await link.click();
    await expect(heading).toHaveText(`PRO ${pro}`);
  });
}
