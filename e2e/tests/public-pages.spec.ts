import { expect, test } from '@playwright/test';
import { texts } from './support';

test('landing page shows every text and the hidden sign-in button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: texts.landing.title })).toBeVisible();
  await expect(page.getByText(texts.landing.headline)).toBeVisible();
  await expect(page.getByText(texts.landing.subtext)).toBeVisible();
  await expect(page.getByText(texts.landing.copyright)).toBeVisible();
  const early = page.getByRole('link', { name: texts.landing.earlyAccess });
  await expect(early).toHaveAttribute('href', new RegExp(`^mailto:${texts.brand.contactEmail}\\?subject=`));
  const signIn = page.getByRole('link', { name: texts.landing.signIn, exact: true }).first();
  await expect(signIn).toHaveAttribute('href', '/auth');
});

test('footer links to the legal pages with the current year', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: texts.footer.privacyPolicy, level: 1 })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: texts.footer.termsOfService }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { name: texts.footer.termsOfService, level: 1 })).toBeVisible();
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(texts.notFound.message)).toBeVisible();
  await page.getByRole('link', { name: texts.notFound.returnHome }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('public header turns translucent on scroll and has a mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/privacy-policy');
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  const blur = () => header.evaluate((el) => getComputedStyle(el).backdropFilter);
  expect(await blur()).toBe('none');
  await page.mouse.wheel(0, 8);
  await page.waitForTimeout(200);
  expect(await blur(), 'still opaque at <= 10 px').toBe('none');
  await page.mouse.wheel(0, 200);
  await expect.poll(blur).toContain('blur');
  await page.mouse.wheel(0, -1000);
  await page.getByRole('button', { name: /menu/i }).click();
  const menu = page.getByRole('dialog');
  for (const link of [texts.publicHeader.home, texts.publicHeader.about, texts.publicHeader.contact, texts.publicHeader.registerFleet]) {
    await expect(menu.getByRole('link', { name: link })).toBeVisible();
  }
});
