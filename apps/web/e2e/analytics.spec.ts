import { readFile } from 'node:fs/promises';
import type { TOutreachAnalyticsResponse } from '@sales-assist/contract';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { apiCampaign, csvList, launchWhenMessagesReady } from './support/outreach-seed';
import { shot } from './support/screenshot';

test('Analytics shows the funnel the engine made and exports it as CSV', async ({ page, request }) => {
  // Campaign days last 4 s here: the invitations (day 21) go out after about a minute and a half.
  test.setTimeout(300_000);
  const user = await createAccount(request, { prefix: 'analytics', website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, `e2e-analytics-${Date.now()}`);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByText('No outreach in this period yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Campaigns' })).toHaveAttribute('href', '/campaigns');
  await shot(page, 'analytics-01-empty');

  const stamp = Date.now();
  const listId = await csvList(request, headers, 'Analytics people', [
    `Maria Lopez,Head of Sales at Acme,Madrid,Acme,2nd,CSV,https://www.linkedin.com/in/maria-lopez-${stamp},None`,
    `Tom Becker,Founder at Brightly,Berlin,Brightly,2nd,CSV,https://www.linkedin.com/in/tom-becker-${stamp},None`,
    `Aiko Tanaka,CMO at Kumo,Tokyo,Kumo,2nd,CSV,https://www.linkedin.com/in/aiko-tanaka-${stamp},None`,
  ]);
  const campaignId = await apiCampaign(request, headers, 'Analytics push', listId);
  await launchWhenMessagesReady(request, headers, campaignId);

  // The engine works through the plan: wait until every lead has been viewed and invited.
  const figures = async (): Promise<TOutreachAnalyticsResponse> =>
    (await (await request.get('/api/analytics/outreach', { headers })).json()) as TOutreachAnalyticsResponse;
  await expect
    .poll(async () => (await figures()).funnel.invited, { timeout: 180_000, intervals: [2000] })
    .toBe(3);

  await page.reload();
  const funnel = page.getByRole('table', { name: 'Outreach funnel' });
  await expect(funnel.getByRole('row', { name: 'Leads reached 3' })).toBeVisible();
  await expect(funnel.getByRole('row', { name: 'Profile viewed 3' })).toBeVisible();
  await expect(funnel.getByRole('row', { name: 'Invited 3' })).toBeVisible();
  const now = await figures();
  await expect(page.getByText(`· ${now.rates.acceptance.count} of 3`)).toBeVisible();
  const byCampaign = page.getByRole('table', { name: 'Outreach by campaign' });
  await expect(byCampaign.getByRole('row').filter({ hasText: 'Analytics push' })).toBeVisible();
  await expect(page.getByLabel(/Connection requests 3 of 10$/)).toBeVisible();
  await shot(page, 'analytics-02-outreach');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV: outreach-by-campaign.csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('outreach-by-campaign.csv');
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace('\uFEFF', '').split('\r\n');
  expect(csv[0]).toMatch(/^Campaign,Leads reached,Viewed,Liked,Commented,Invited,Accepted,/);
  expect(csv[1]).toMatch(/^Analytics push,3,3,\d+,\d+,3,/);

  // By week, narrowed to the campaign from the keyboard.
  await page.getByRole('radio', { name: 'Day' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  await page.getByPlaceholder('All campaigns').click();
  await page.keyboard.type('Analytics');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Per week (from Monday)')).toBeVisible();
  await expect(funnel.getByRole('row', { name: 'Invited 3' })).toBeVisible();
  await shot(page, 'analytics-03-by-week');

  // The dashboard's card: this week's invitations (the campaign ran today), and the way back here.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const week = page.locator('.mantine-Card-root').filter({ hasText: "This week's outreach" });
  await expect(week.getByText('Invited')).toBeVisible();
  await expect(week.getByText('3', { exact: true }).first()).toBeVisible();
  await shot(page, 'analytics-04-dashboard-card');
  await week.getByRole('link', { name: 'Open Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);

  // Nothing was published by this account: the Content tab says so and leads to the calendar.
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByText('Nothing was scheduled in this period')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the Calendar' })).toHaveAttribute('href', '/schedule');
  await shot(page, 'analytics-05-content-empty');
});
