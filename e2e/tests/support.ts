import { expect, test as base, type Page, type Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const inFlight = new WeakMap<Page, Set<Request>>();

/** Playwright's `test` whose pages count their requests in flight, for `settled`. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const pending = new Set<Request>();
    inFlight.set(page, pending);
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    await use(page);
  },
});

/**
 * Waits until the page has no request in flight and shows nothing loading:
 * what `waitForLoadState('networkidle')` was used for, without its fixed
 * half-second of quiet before it returns (pages of `test` above only).
 */
export async function settled(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error("settled() needs the page of support.ts's test");
  await expect.poll(() => pending.size, { message: 'requests still in flight' }).toBe(0);
  await expect(page.locator('[aria-busy="true"], [role="status"]:has(.animate-spin)')).toHaveCount(0);
}

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
  /** A fleet of its own with no assets and no ELD connection, for the ELD sync flow. */
  eldAdmin: { email: 'eld@freshhaul.test', password: PASSWORD },
  /** A fleet of its own whose only dated items compliance.spec.ts adds. */
  complianceAdmin: { email: 'compliance@clearhaul.test', password: PASSWORD },
  /** A fleet of its own whose DOT the offline FMCSA stand-in knows (1000009). */
  fmcsaAdmin: { email: 'fmcsa@watchhaul.test', password: PASSWORD },
};

/** Fills a spec text's `{name}` placeholders, as the SPA's `format` does. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** A spec text with its `{name}` placeholders matching any value, as a whole-text pattern. */
export function pattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`);
}

/**
 * A spec text as its toast shows it (the SPA's `toastParts`): 'Title: text'
 * or 'Title - text' becomes a title and a description.
 */
export function toastParts(text: string): { title: string; description?: string } {
  const found = [': ', ' - ']
    .map((separator) => ({ separator, at: text.indexOf(separator) }))
    .filter(({ at }) => at > 0)
    .sort((a, b) => a.at - b.at)[0];
  if (!found) return { title: text };
  return { title: text.slice(0, found.at), description: text.slice(found.at + found.separator.length) };
}

/** The toast that shows the spec text `text` (split into title and description as the SPA does). */
export function specToast(page: Page, text: string) {
  const { title, description } = toastParts(text);
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });
  return description ? toast.filter({ has: page.getByText(description, { exact: true }) }) : toast;
}

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
