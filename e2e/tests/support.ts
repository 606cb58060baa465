import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The spec's texts, from the same file the server and the SPA read. */
export const texts = JSON.parse(readFileSync(join(here, '../../contracts/texts.json'), 'utf8'));

export const PASSWORD = 'secret123';

/** Users start-server.sh creates, one per role. */
export const users = {
  superAdmin: { email: 'admin@longhaul.test', password: 'admin-password-123' },
  fleetAdmin: { email: 'fleetadmin@acme.test', password: PASSWORD },
  pendingFleetAdmin: { email: 'pending@acme.test', password: PASSWORD },
  driver: { email: 'driver@acme.test', password: PASSWORD },
  brokerAdmin: { email: 'broker@brokers.test', password: PASSWORD },
  brokerUser: { email: 'agent@brokers.test', password: PASSWORD },
  noRole: { email: 'norole@example.test', password: PASSWORD },
};

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel(texts.auth.email).fill(user.email);
  await page.getByLabel(texts.auth.password).fill(user.password);
  await page.getByRole('button', { name: texts.auth.signInTab, exact: true }).click();
  await expect(page.getByText(texts.auth.welcomeBackTitle)).toBeVisible();
}

/** Follows the newest dev-mailbox link for `email` whose text is `linkText`. */
export async function followMailLink(page: Page, email: string, linkText: string) {
  // The message with that link (an earlier one to the same address may be there first).
  const message = page
    .locator('article', { hasText: `to ${email}` })
    .filter({ has: page.getByRole('link', { name: linkText }) })
    .first();
  // Mail is sent by a background job: reload until it has arrived.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass();
  const href = await message.getByRole('link', { name: linkText }).getAttribute('href');
  expect(href).toBeTruthy();
  // The link carries the configured public URL; follow its path here.
  const url = new URL(href!);
  await page.goto(url.pathname + url.search);
}
