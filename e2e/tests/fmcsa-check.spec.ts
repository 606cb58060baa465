import { expect } from '@playwright/test';
import { settled, signIn, test, texts, users } from './support';

// Issue 34: a fleet made by create-user has its FMCSA baseline from the
// start (the Company Profile's authority fields are filled, History lists
// the baseline), and "Check FMCSA now" reads the record again and says what
// it found, then waits out its 10 minutes. The offline stand-in answers for
// DOT 1000009 (start-server.sh).

const h = texts.compliance.history;
const t = texts.compliance.fmcsaCheck;

/** A spec text up to its placeholder. */
const before = (text: string, placeholder: string) => text.split(placeholder)[0].trim();

test('a new fleet has its FMCSA baseline, and Check FMCSA now says what it found', async ({ page }) => {
  await signIn(page, users.fmcsaAdmin);
  await page.goto('/fleet-dashboard/profile?tab=authority');
  const authority = page.getByRole('tabpanel');
  await expect(authority).toContainText('$1,000,000');

  await page.getByRole('tab', { name: h.tab }).click();
  const baseline = page.getByTestId('fmcsa-baseline');
  await expect(baseline).toContainText(h.baselineTitle);
  await expect(baseline).toContainText(h.baselineDetail);
  await expect(baseline).not.toContainText(h.baselineLate);
  await expect(page.getByText(h.empty)).toBeVisible();

  const button = page.getByRole('button', { name: t.button });
  await button.click();
  await expect(page.getByText(t.noChanges)).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(page.locator('#fmcsa-check-status')).toContainText(before(t.nextAt, '{time}'));
  await settled(page);
  await expect(page.getByTestId('fmcsa-last-checked')).toContainText(before(h.lastChecked, '{date}'));
  await page.screenshot({ path: test.info().outputPath('fmcsa-check-desktop.png'), fullPage: true });

  // A reload forgets the wait; the server still refuses, and says for how long.
  await page.reload();
  await page.getByRole('button', { name: t.button }).click();
  await expect(page.locator('#fmcsa-check-status')).toContainText(before(t.tooSoon, '{minutes}'));

  await page.setViewportSize({ width: 375, height: 800 });
  await settled(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the profile fits a 375 px phone').toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('fmcsa-check-phone.png'), fullPage: true });
});
