import type { APIRequestContext } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { readyList } from './support/outreach-seed';
import { shot } from './support/screenshot';

/** A narrow search: the sandbox knows a handful of people for it, so the import and the campaign are quick. */
const SEARCH_URL = 'https://www.linkedin.com/search/results/people/?keywords=data';
const LIST_NAME = 'Data people';

/** Connects LinkedIn and imports a list from a search through the API, then waits until it is ready. */
const prepareList = async (request: APIRequestContext, email: string, password: string) => {
  const headers = await signInWithLinkedIn(request, email, password, 'e2e-campaigns-li-at');
  const search = await request.post('/api/linkedinAI/search_result', {
    headers,
    data: { search_url: SEARCH_URL, list_name: LIST_NAME },
  });
  expect(search.status()).toBe(200);
  await readyList(request, headers, LIST_NAME, 120_000);
  return headers;
};

/** The list's status as the Leads screen shows it. */
const listStatus = async (request: APIRequestContext, headers: Record<string, string>) => {
  const answer = await request.get('/api/linkedinAI/fetch_all_lists', { headers });
  const { lists } = (await answer.json()) as { lists: { id: number; name: string; status: string }[] };
  return lists.find((entry) => entry.name === LIST_NAME);
};

test('a campaign is created through the wizard, approved, launched, watched, paused and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const user = await createAccount(request, { prefix: 'campaigns', website: e2eEnv().siteUrl });
  const headers = await prepareList(request, user.email, user.password);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/campaigns');

  // The list: nothing yet.
  await expect(page.getByRole('heading', { name: 'Check Your Campaigns Here' })).toBeVisible();
  await expect(page.getByText('You have no campaigns yet')).toBeVisible();
  await expect(page.getByPlaceholder('Search Campaign')).toBeVisible();
  await shot(page, '01-empty-list');

  // Step 2: the list and its count.
  await page.getByRole('button', { name: 'Create New Campaign' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create a new Outreach Campaign' })).toBeVisible();
  await expect(page.getByText('1. Select Lists for Campaign')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select a list')).toBeVisible();

  // Step 1 (the channel) is one step back; LinkedIn is chosen, the others are not there yet.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('radio', { name: /LinkedIn/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: /Email/ })).toBeDisabled();
  await shot(page, '02-channel');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByPlaceholder('Select a list from here').click();
  await page.getByRole('option', { name: new RegExp(LIST_NAME) }).click();
  await expect(page.getByText(/^\d+ leads selected$/)).toBeVisible();
  const selected = Number(((await page.getByText(/^\d+ leads selected$/).textContent()) ?? '').split(' ')[0]);
  expect(selected).toBeGreaterThan(0);
  // Leaving out the 1st-degree connections counts them out; the campaign below keeps everyone.
  await page.getByLabel('Exclude all 1st degree connections').check();
  await expect(page.getByText(/of the list’s \d+ leads left out$/)).toBeVisible();
  await page.getByLabel('Exclude all 1st degree connections').uncheck();
  await expect(page.getByText(`${selected} leads selected`)).toBeVisible();
  await expect(page.getByLabel('Exclude prospects with no profile picture')).not.toBeChecked();
  await shot(page, '03-select-list');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the read-only workflow.
  await expect(page.getByRole('heading', { name: 'Set the Campaign Workflow' })).toBeVisible();
  for (const box of [
    'Campaign Start',
    'View LinkedIn Profile',
    'Like most recent Post',
    'Comment on most Recent Post',
    'Send Connect Request with Custom Message',
    'Request Accepted',
    'Request Not Accepted',
    'Request Withdrawn',
    'Send Follow-up Message-1',
    'Send Follow-up Message-2',
    'Reply Not Received (End)',
  ]) {
    await expect(page.locator('.react-flow__node').getByText(box, { exact: true })).toBeVisible();
  }
  await expect(page.locator('.react-flow__node').getByText('Reply Received (End)')).toHaveCount(2);
  await expect(page.locator('.react-flow__node').getByText('7 Days')).toHaveCount(6);
  await shot(page, '04-workflow');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4: the checks in the spec's order, the sample, the template.
  await expect(page.getByRole('heading', { name: 'Set the Campaign Details' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Campaign goal' })).toHaveValue('Book a Meeting');
  await expect(page.getByRole('combobox', { name: 'Tone of messages' })).toHaveValue(
    'Friendly, Approachable',
  );
  await expect(page.getByRole('combobox', { name: "Engage with lead's recent post from" })).toHaveValue(
    'Last 3 days',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Give a name to the campaign')).toBeVisible();
  await page.getByLabel('Campaign name').fill('Data leaders e2e');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Select a message template')).toBeVisible();
  await page.getByRole('button', { name: 'View Sample: Compliment, Relate and Sell' }).click();
  const sample = page.getByRole('dialog', { name: 'Sample: Compliment, Relate and Sell' });
  await expect(sample.getByText('[Sender Name]')).toBeVisible();
  await expect(sample.getByText('[Recent Post Headline]')).toBeVisible();
  await shot(page, '05-sample');
  await sample.getByRole('button', { name: 'Close' }).click();
  await expect(sample).toBeHidden();
  await page.getByRole('button', { name: 'Select: Compliment, Relate and Sell' }).click();
  await expect(page.getByRole('button', { name: 'Selected: Compliment, Relate and Sell' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shot(page, '06-details');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 5: the defaults, then 50 credits.
  await expect(page.getByRole('heading', { name: 'Verify Your Campaign' })).toBeVisible();
  await expect(page.getByText(/permanent ban/)).toBeVisible();
  await expect(page.getByLabel('Connection requests per day per account')).toHaveValue('10');
  await expect(page.getByLabel('Withdraw connection requests after')).toHaveValue('7 days');
  await expect(page.getByRole('combobox', { name: 'When to send messages' })).toHaveValue(
    'Weekdays during working hours',
  );
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('(IST) Indian Standard Time');
  await shot(page, '07-verify');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const confirm = page.getByRole('dialog', { name: 'Do you want to create Campaign for 50 Credits?' });
  await expect(confirm).toBeVisible();
  await shot(page, '08-confirm');
  await confirm.getByRole('button', { name: 'Yes, Create' }).click();
  await expect(page.getByText('Campaign Created')).toBeVisible();
  await expect(confirm).toBeHidden();

  // Step 6: the messages are written, then read in the side panel.
  await expect(page.getByRole('heading', { name: 'Check Your Campaign Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data leaders e2e' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const leadRows = page.getByRole('row', { name: /^Open / });
  await expect(leadRows.first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Approve All Messages' })).toBeEnabled();
  await shot(page, '09-campaign-leads');

  await leadRows.first().click();
  const panel = page.getByRole('dialog', { name: 'Lead messages' });
  await expect(panel.getByText('Connection note')).toBeVisible();
  await expect(panel.getByText(/^\d+\/300$/)).toBeVisible();
  await expect(panel.getByText('Follow-up message 1')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Approve Message' })).toBeVisible();
  await shot(page, '10-lead-panel');
  await panel.getByRole('button', { name: 'Edit Message' }).click();
  await expect(panel.getByRole('textbox', { name: 'Connection note' })).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Rename: Enter saves.
  await page.getByRole('button', { name: 'Rename campaign' }).click();
  await page.getByRole('textbox', { name: 'Campaign name' }).fill('Data leaders outreach');
  await page.getByRole('textbox', { name: 'Campaign name' }).press('Enter');
  await expect(page.getByText('Campaign Renamed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Data leaders outreach' })).toBeVisible();

  // Approve All, then launch.
  await page.getByRole('button', { name: 'Approve All Messages' }).click();
  const approveAll = page.getByRole('dialog', { name: 'Approve All Messages' });
  await expect(
    approveAll.getByText(/approve all communication messages of all leads in one go/),
  ).toBeVisible();
  await shot(page, '11-approve-all');
  await approveAll.getByRole('button', { name: 'Approve All', exact: true }).click();
  await expect(approveAll).toBeHidden();
  await expect(page.getByRole('button', { name: 'Approve All Messages' })).toBeDisabled();
  await page.getByRole('button', { name: 'Launch Campaign' }).click();
  await expect(page.getByText('Campaign Launched')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause Campaign' })).toBeVisible();
  await expect(page.getByText('On Going', { exact: true })).toBeVisible();

  // A campaign day lasts 4 s here: the first step (view the profile) shows on screen by itself.
  await expect(leadRows.filter({ hasText: 'Viewed Profile' }).first()).toBeVisible({ timeout: 90_000 });
  await shot(page, '12-running');

  await page.getByRole('button', { name: 'Pause Campaign' }).click();
  await expect(page.getByText('Campaign Paused').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch Campaign' })).toBeVisible();

  // The list shows it paused, with its leads and progress.
  await page.getByRole('button', { name: 'Back to your campaigns' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Data leaders outreach' });
  await expect(row.getByText('Campaign Paused')).toBeVisible();
  await expect(row.getByText('LinkedIn')).toBeVisible();
  await expect(row.getByText('Book a Meeting')).toBeVisible();
  await shot(page, '13-list-paused');

  // The eye opens it again at step 6.
  await row.getByRole('button', { name: 'View Campaign Data leaders outreach' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Campaign Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch Campaign' })).toBeVisible();

  // Delete, from the keyboard: the bin beside the eye, a confirmation naming the campaign.
  await page.getByRole('button', { name: 'Back to your campaigns' }).click();
  const view = row.getByRole('button', { name: 'View Campaign Data leaders outreach' });
  await view.focus();
  await page.keyboard.press('Tab');
  const bin = row.getByRole('button', { name: 'Delete Campaign Data leaders outreach' });
  await expect(bin).toBeFocused();
  await page.keyboard.press('Enter');
  const sure = page.getByRole('dialog', { name: 'Delete "Data leaders outreach"?' });
  await expect(sure).toBeVisible();
  await expect(sure.getByText(/Its activity history is kept/)).toBeVisible();
  await shot(page, '14-delete-confirm');
  // Escape changes nothing.
  await page.keyboard.press('Escape');
  await expect(sure).toBeHidden();
  await expect(row).toBeVisible();

  await bin.focus();
  await page.keyboard.press('Enter');
  await expect(sure).toBeVisible();
  await sure.getByRole('button', { name: 'Delete Campaign' }).press('Enter');
  await expect(page.getByText('Campaign Deleted')).toBeVisible();
  await expect(sure).toBeHidden();
  await expect(page.getByText('You have no campaigns yet')).toBeVisible();
  await shot(page, '15-deleted');

  // Its list is free again, and can now be deleted.
  const list = await listStatus(request, headers);
  expect(list?.status).toBe('Not in Campaign');
  const dropped = await request.delete(`/api/linkedinAI/delete_list?id=${list?.id}`, { headers });
  expect(dropped.status()).toBe(200);
});
