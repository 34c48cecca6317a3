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

  // Page 4: six methods, only targeted search acts.
  await page.getByRole('button', { name: 'Import New Leads' }).first().click();
  await page.getByRole('tab', { name: 'From LinkedIn' }).click();
  for (const method of [
    'Group members',
    'Post reactors',
    'Profile connections / followers',
    'Event attendees',
    'Page followers',
  ]) {
    await expect(page.getByText(method, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: method })).toHaveCount(0);
  }
  await expect(page.getByText('Not available yet')).toHaveCount(5);
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
