import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { signIn, texts, users } from './support';

// Issue 14: a CDL expiring in 20 days and a document expiring in 5 reach the
// calendar's right group, the bell and the daily digest; the iCalendar feed
// parses with a maintained parser (Mozilla's ical.js). Clear Haul is a fleet
// of its own (start-server.sh): these are its only documents and items.

const c = texts.compliance;
const f = texts.fleet;
const d = texts.documents;

// The fleet's dates count from its own day, in its home time zone (decision
// 043), not from the UTC one: read once the admin is signed in.
let fleetZone = 'America/Chicago';

async function readFleetZone(page: Page) {
  const account = await page.request.get('/api/fleet/account');
  expect(account.ok()).toBe(true);
  fleetZone = ((await account.json()) as { home_time_zone: string }).home_time_zone;
}

function isoIn(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: fleetZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const date = new Date(`${parts}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function addDriver(page: Page) {
  await page.goto('/fleet-dashboard/drivers');
  await page.getByRole('button', { name: f.addDriver }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(f.driverForm.firstName).fill('Casey');
  await dialog.getByLabel(f.driverForm.lastName).fill('Rivera');
  await dialog.getByRole('button', { name: f.driverForm.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(f.driverForm.added)).toBeVisible();
  // A click on the row opens the driver.
  await page.getByRole('row').filter({ hasText: 'Casey Rivera' }).click();
  await expect(page.getByRole('heading', { name: 'Casey Rivera' })).toBeVisible();
}

async function addCdl(page: Page, expires: string) {
  await page.getByRole('tab', { name: c.qualification.tab }).click();
  await expect(page).toHaveURL(/tab=qualification/);
  const cdl = page.getByTestId('qualification-cdl');
  await cdl.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('License number').fill('C1234567');
  await dialog.getByLabel('State').fill('TN');
  await dialog.getByLabel('Class').selectOption('A');
  await dialog.getByLabel('Expiration date').fill(expires);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(cdl).toContainText(/due within 30 days|expiring/i);
}

async function uploadDocument(page: Page, name: string, expires: string) {
  await page.goto('/fleet-dashboard/documents');
  await page.getByRole('button', { name: d.uploadButton }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(d.fileLabel).setInputFiles({
    name: 'liability.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await dialog.getByLabel(d.nameLabel).fill(name);
  await dialog.getByLabel(d.typeLabel).selectOption({ label: d.types.company_insurance });
  await dialog.getByLabel(d.expirationDateLabel).fill(expires);
  await dialog.getByRole('button', { name: d.uploadButton }).click();
  await expect(dialog).toBeHidden();
}

test('a CDL and a document reach the calendar, the bell, the digest and the iCalendar feed', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, users.complianceAdmin);
  await readFleetZone(page);
  // No assets yet: the Fleet Status card keeps the spec's setup notice.
  await expect(page.getByText(f.setupInProgressText)).toBeVisible();
  await addDriver(page);
  await addCdl(page, isoIn(20));
  await uploadDocument(page, 'Liability policy', isoIn(5));

  // The calendar: both in 'Next 30 days', the document first (sooner).
  await page.getByRole('navigation').getByRole('link', { name: c.menu }).first().click();
  await expect(page).toHaveURL(/\/fleet-dashboard\/compliance/);
  const next30 = page.getByRole('region', { name: c.groups.next30 });
  await expect(next30.getByText('Liability policy')).toBeVisible();
  await expect(next30.getByText(c.qualificationKinds.cdl, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: c.groups.overdue })).not.toContainText('Liability policy');

  // The day's reminders (the daily job, run now through the dev trigger).
  const run = await page.request.post('/api/dev/compliance/run-reminders');
  expect(run.ok()).toBeTruthy();

  // The bell counts both and lists them.
  await page.reload();
  const bell = page.getByRole('button', { name: /unread notification/i });
  await expect(bell).toBeVisible();
  const unread = Number((await bell.getAttribute('aria-label'))!.match(/\d+/)![0]);
  expect(unread).toBeGreaterThanOrEqual(2);
  await bell.click();
  const list = page.getByRole('dialog');
  await expect(list.getByText('Liability policy')).toBeVisible();
  await expect(list.getByText(/^CDL — Casey Rivera/)).toBeVisible();
  await page.keyboard.press('Escape');

  // One digest in the dev mailbox, listing both.
  const digest = page.locator('article', { hasText: `to ${users.complianceAdmin.email}` }).filter({ hasText: 'Clear Haul LLC' });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(digest).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await expect(digest).toContainText('Liability policy');
  await expect(digest).toContainText('Due in 5 days');
  await expect(digest).toContainText('CDL');
  await expect(digest).toContainText('Due in 20 days');

  // The iCalendar feed: made, then read as a calendar app reads it.
  await page.goto('/fleet-dashboard/compliance');
  await page.getByRole('button', { name: /calendar feed/i }).click();
  const feedDialog = page.getByRole('dialog');
  await feedDialog.getByRole('button', { name: /create|new link|get link/i }).click();
  const url = await feedDialog.getByRole('textbox').inputValue();
  expect(url).toMatch(/\/api\/compliance\/calendar\/[0-9a-f]{64}\.ics$/);
  const feed = await page.request.get(new URL(url).pathname, { headers: { cookie: '' } });
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const byTitle = new Map(events.map((e) => [e.summary, e]));
  expect(byTitle.get('Liability policy')?.startDate.toString()).toBe(isoIn(5));
  expect(byTitle.get('CDL — Casey Rivera')?.startDate.toString()).toBe(isoIn(20));
  expect(byTitle.get('CDL — Casey Rivera')?.startDate.isDate).toBe(true);
});

test('the calendar fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, users.complianceAdmin);
  await page.goto('/fleet-dashboard/compliance');
  await expect(page.getByRole('heading', { name: c.title, level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
