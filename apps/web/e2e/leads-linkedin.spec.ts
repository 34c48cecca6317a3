import type { Page } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';

const SEARCH_URL = 'https://www.linkedin.com/search/results/people/?keywords=marketing';
const DIALOG_TITLE = 'Please Enter Your Linkedin li_at to use Linkedin Automation';

const openTargetedSearch = async (page: Page) => {
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await page.getByRole('tab', { name: 'From LinkedIn' }).click();
  await page.getByRole('button', { name: 'Targeted search' }).click();
  await expect(page.getByLabel('LinkedIn search URL')).toBeVisible();
};

test('in the sandbox, a saved li_at lets a LinkedIn search fill a new list', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createAccount(request, { prefix: 'leads-li', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/leads');
  await expect(page.getByText('Sandbox mode — LinkedIn is simulated')).toBeVisible();

  // Page 4: six methods; LinkedIn offers no way to list a page's followers, and the tile says so.
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await page.getByRole('tab', { name: 'From LinkedIn' }).click();
  for (const method of [
    'Group members',
    'Post reactors',
    'Profile connections / followers',
    'Event attendees',
  ]) {
    await expect(page.getByRole('button', { name: method })).toBeVisible();
  }
  await expect(page.getByText('Page followers', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page followers' })).toHaveCount(0);
  await expect(page.getByText('Not offered by LinkedIn')).toHaveCount(1);
  await expect(page.getByText(/followers only to the page’s admins/)).toBeVisible();
  await page.getByRole('button', { name: 'Targeted search' }).click();

  // Page 5: the checks, in order.
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByText('Please paste the linkedin search url')).toBeVisible();
  await page.getByLabel('LinkedIn search URL').fill('not a url');
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByText('Invalid Linkedin Seach URL')).toBeVisible();
  await page.getByLabel('LinkedIn search URL').fill(SEARCH_URL);
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByText('Please select or create a new list')).toBeVisible();
  await page.getByPlaceholder('Enter a list name').fill('Marketing people');

  // Not connected yet: the li_at dialog opens; Skip closes it.
  await page.getByRole('button', { name: 'Import Leads' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog).toBeHidden();

  // Trying again asks again; any value works in the sandbox.
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('any value works')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Cookie' })).toBeDisabled();
  await dialog.getByLabel('li_at cookie').fill('e2e-sandbox-li-at');
  await expect(dialog.getByRole('button', { name: 'Save Cookie' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Save Cookie' }).click();
  await expect(page.getByText(/Cookie saved/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^LinkedIn: /)).toBeVisible();

  // The import starts and the lists page shows the list filling.
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Leads Here' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Marketing people' });
  await expect(row.getByText('Importing...')).toBeVisible();

  // One automation at a time.
  await openTargetedSearch(page);
  await page.getByLabel('LinkedIn search URL').fill(SEARCH_URL);
  await page.getByPlaceholder('Enter a list name').fill('Second search');
  await page.getByRole('button', { name: 'Import Leads' }).click();
  await expect(page.getByText('An automation is already in progress.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to your lists' }).click();

  await expect(row.getByText('Not in Campaign')).toBeVisible({ timeout: 150_000 });
  const count = Number(((await row.getByRole('cell').nth(2).textContent()) ?? '').replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);

  // The people are in the lead database, from the search.
  await page.getByRole('button', { name: 'See All Leads' }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('LinkedIn Search');
});

const openMethod = async (page: Page, method: string) => {
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await page.getByRole('tab', { name: 'From LinkedIn' }).click();
  await page.getByRole('button', { name: method }).click();
  const dialog = page.getByRole('dialog', { name: method });
  await expect(dialog).toBeVisible();
  return dialog;
};

/** Waits for a list's import to end on the lists page and answers its lead count. */
const importedCount = async (page: Page, listName: string): Promise<number> => {
  const row = page.getByRole('row').filter({ hasText: listName });
  await expect(row.getByText('Not in Campaign')).toBeVisible({ timeout: 120_000 });
  return Number(((await row.getByRole('cell').nth(2).textContent()) ?? '').replace(/\D/g, ''));
};

test('the lead import dialog: group members and event attendees fill their lists', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const user = await createAccount(request, { prefix: 'leads-dialog', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/leads');
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await page.getByRole('tab', { name: 'From LinkedIn' }).click();
  await expect(page.getByRole('button', { name: 'Event attendees' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('linkedin-methods.png'), fullPage: true });
  await page.getByRole('button', { name: 'Back to your lists' }).click();

  // Not connected: the address and the LinkedIn Session ID are both required.
  const group = await openMethod(page, 'Group members');
  await group.getByRole('button', { name: 'Import' }).click();
  await expect(group.getByText('Please fill the field')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('lead-import-dialog.png') });
  await group.getByLabel('LinkedIn group URL').fill('https://www.linkedin.com/in/jane-doe/');
  await expect(group.getByText('Please fill the field')).toHaveCount(1);
  await group.getByLabel('LinkedIn Session ID').fill('e2e-dialog-li-at');
  await group.getByPlaceholder('Enter a list name').fill('Group leads');
  await group.getByRole('button', { name: 'Import' }).click();
  // The session is saved; the address is refused with what the method expects.
  await expect(page.getByText(/Cookie saved/)).toBeVisible();
  await expect(group.getByText(/This is not a LinkedIn group link/)).toBeVisible();
  await group.getByLabel('LinkedIn group URL').fill('https://www.linkedin.com/groups/4471/');
  await group.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Leads Here' })).toBeVisible();
  await expect(group).toBeHidden();
  expect(await importedCount(page, 'Group leads')).toBeGreaterThan(10);

  // Connected now: the session field is optional and says whose session is used.
  const event = await openMethod(page, 'Event attendees');
  await expect(event.getByText(/^Connected as .+: leave empty to use that session/)).toBeVisible();
  await event.getByRole('button', { name: 'Import' }).click();
  await expect(event.getByText('Please fill the field')).toHaveCount(1);
  await event
    .getByLabel('LinkedIn event URL')
    .fill('https://www.linkedin.com/events/growth-summit-7250000000000000001/');
  await event.getByPlaceholder('Enter a list name').fill('Event leads');
  await event.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Leads Here' })).toBeVisible();
  expect(await importedCount(page, 'Event leads')).toBeGreaterThan(0);

  // Post reactors with nothing ticked says what is missing.
  const post = await openMethod(page, 'Post reactors');
  await post
    .getByLabel('LinkedIn post URL')
    .fill('https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/');
  await post.getByLabel('People who reacted').uncheck();
  await post.getByPlaceholder('Enter a list name').fill('Post leads');
  await post.getByRole('button', { name: 'Import' }).click();
  await expect(post.getByText('Tick at least one of the boxes')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('post-reactors-dialog.png') });
  await post.getByRole('button', { name: 'Cancel' }).click();
  await expect(post).toBeHidden();
  await page.getByRole('button', { name: 'Back to your lists' }).click();

  // The people are in the lead database, from the group and the event.
  await page.getByRole('button', { name: 'See All Leads' }).click();
  await expect(page.getByText(/^LinkedIn (Group|Event)$/).first()).toBeVisible();
});
