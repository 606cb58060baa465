import { expect, test, type Browser, type Page } from '@playwright/test';
import { followMailLink, format, signIn, specToast, texts, users } from './support';

// Issue 15: a super admin makes a broker account, its admin invites a broker
// user, a fleet posts trucks, the broker user finds them by radius and
// equipment with badges and deadhead miles, saves the search and gets a
// digest when a third matching truck is posted; a withdrawn posting is gone.

const b = texts.board;
const demoFleet = { email: 'demo@longhaul.test', password: 'demo-fleet-1' };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/**
 * Follows an invitation's link: the page names the brokerage and who sent it
 * (issue 29 point 24), and choosing a password signs the new user in.
 */
async function acceptInvite(page: Page, email: string, password: string, brokerage: string, inviter: string) {
  await followMailLink(page, email, 'Choose your password');
  await expect(page.getByText(format(texts.auth.inviteTitle, { account: brokerage }))).toBeVisible();
  await expect(
    page.getByText(format(texts.auth.inviteText, { inviter, account: brokerage, email })),
  ).toBeVisible();
  await page.getByLabel(texts.auth.chooseNewPassword).fill(password);
  await page.getByRole('button', { name: texts.auth.inviteButton }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Posts the truck of the `index`th row of the Trucks list; answers its name. */
async function postTruck(page: Page, index: number, origin: string): Promise<string> {
  await page.goto('/fleet-dashboard/trucks');
  // 'Post to Truck Board' is in the row's "⋯" menu; the row's first cell names the truck.
  const row = page.locator('tbody tr').nth(index);
  const truck = (await row.getByRole('cell').first().innerText()).trim();
  await row.getByRole('button', { name: texts.board.postings.actions, exact: true }).click();
  await page.getByRole('menuitem', { name: texts.board.postButton }).click();
  const dialog = page.getByRole('dialog', { name: b.postTitle });
  await dialog.getByRole('radio', { name: b.locationSource.typed }).check();
  await dialog.getByLabel('Current location').fill(origin);
  await dialog.getByLabel('Equipment type').selectOption({ label: b.equipment.van });
  await dialog.getByRole('button', { name: 'Post truck' }).click();
  await expect(specToast(page, b.posted)).toBeVisible();
  await expect(dialog).toBeHidden();
  return truck;
}

async function searchBoard(page: Page) {
  await page.goto('/broker/board');
  await page.getByLabel(b.search.origin).fill('Chicago, IL');
  await page.getByLabel(b.search.radius).fill('100');
  await page.getByRole('checkbox', { name: b.equipment.van, exact: true }).check();
  await page.getByRole('button', { name: b.search.submit, exact: true }).click();
}

test('brokers find posted trucks by radius, save the search, get a digest, and never see a withdrawn truck', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const leadEmail = `lead-${stamp}@prairie.test`;
  const agentEmail = `dispatch-${stamp}@prairie.test`;

  // The super admin creates the broker account with its first broker admin.
  await signIn(page, users.superAdmin);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: texts.dashboard.tabs.accounts }).click();
  await page.getByRole('button', { name: texts.brokers.admin.create }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel(texts.brokers.admin.name).fill(`Prairie Freight Brokers ${stamp}`);
  await create.getByLabel(texts.brokers.admin.mcNumber).fill('MC-445566');
  await create.getByLabel(texts.brokers.admin.adminEmail).fill(leadEmail);
  await create.getByRole('button', { name: texts.brokers.admin.create }).click();
  await expect(specToast(page, format(texts.brokers.admin.created, { email: leadEmail }))).toBeVisible();

  // The broker admin joins and invites a broker user.
  const brokerage = `Prairie Freight Brokers ${stamp}`;
  const lead = await newPage(browser);
  await acceptInvite(lead, leadEmail, 'Broker-lead-1', brokerage, 'Longhaul');
  await lead.goto('/broker/users');
  await lead.getByRole('button', { name: texts.brokers.users.invite }).click();
  const invite = lead.getByRole('dialog');
  await invite.getByLabel('E-mail').fill(agentEmail);
  await invite.getByLabel('Role').selectOption({ label: texts.brokers.roles.broker_user });
  await invite.getByRole('button', { name: texts.brokers.users.invite }).click();
  await expect(specToast(lead, format(texts.brokers.users.invited, { email: agentEmail }))).toBeVisible();
  await expect(lead.getByRole('row', { name: new RegExp(agentEmail) })).toContainText(texts.brokers.users.pending);

  const agent = await newPage(browser);
  await acceptInvite(agent, agentEmail, 'Broker-agent-1', brokerage, leadEmail);

  // The fleet posts two trucks near Chicago.
  const fleet = await newPage(browser);
  await signIn(fleet, demoFleet);
  const first = await postTruck(fleet, 0, 'Chicago, IL');
  await postTruck(fleet, 1, '60440');

  // The broker user finds both, nearest first, with deadhead miles and badges.
  await searchBoard(agent);
  const results = agent.getByTestId('board-result');
  await expect(results).toHaveCount(2);
  await expect(results.first()).toContainText(/\d+(\.\d)? mi deadhead/);
  await expect(results.first()).toContainText(b.badges.approved);
  await expect(results.first()).toContainText('DOT ');
  await expect(agent).toHaveURL(/origin=Chicago/);

  // The search is saved with alerts on.
  await agent.getByRole('button', { name: b.search.saveSearch }).click();
  const save = agent.getByRole('dialog');
  await save.getByLabel('Name').fill('Chicago vans');
  await save.getByRole('button', { name: b.search.saveSearch }).click();
  await expect(specToast(agent, b.search.saved)).toBeVisible();

  // A third matching truck; the alert job runs (as its schedule would).
  await postTruck(fleet, 2, 'Evanston, IL');
  const run = await request.post('/api/dev/board/run-alerts');
  expect(run.ok()).toBeTruthy();
  const subject = format(b.saved.digestSubject, { count: 1, name: 'Chicago vans' });
  await expect(async () => {
    await agent.goto('/dev/mailbox');
    await expect(agent.locator('article', { hasText: `to ${agentEmail}` }).filter({ hasText: subject })).toBeVisible({
      timeout: 1000,
    });
  }).toPass();

  // The fleet withdraws its first posting: the board no longer shows it.
  await fleet.goto('/fleet-dashboard/postings');
  await fleet.getByRole('button', { name: `Withdraw ${first}` }).click();
  await fleet.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(specToast(fleet, b.withdrawn)).toBeVisible();
  await searchBoard(agent);
  await expect(agent.getByTestId('board-result')).toHaveCount(2);
});
