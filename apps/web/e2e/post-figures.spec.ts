import type { APIRequestContext } from '@playwright/test';
import { createAccount } from './support/api-account';
import { apiHeaders, readySocialPosts } from './support/content-seed';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { clip, facebookLogin } from './support/integration-tiles';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

type THeaders = { Authorization: string };

/** A Facebook post written by the server (with its picture) and scheduled for the current minute. */
const publishFacebookPost = async (request: APIRequestContext, headers: THeaders): Promise<void> => {
  const [id] = await readySocialPosts(request, headers, 'Our new espresso blend is here', ['facebook']);
  const targets = (await (await request.get('/api/schedule/targets', { headers })).json()) as {
    data: { id: string; platform: string }[];
  };
  const facebook = targets.data.find((target) => target.platform === 'facebook')?.id ?? '';
  expect(facebook).not.toBe('');
  const now = new Date().toISOString();
  const scheduled = await request.post('/api/schedule', {
    headers,
    data: {
      contentID: id,
      platforms: [facebook],
      date: now.slice(0, 10),
      hours: now.slice(11, 13),
      minutes: now.slice(14, 16),
      time_zone: 'UTC',
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
};

test('Analytics: a post just published shows its Facebook figures, read now when asked, each with its source', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createAccount(request, { prefix: 'figures', website: e2eEnv().siteUrl });
  const headers = await apiHeaders(request, user);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/integrations');
  await facebookLogin(page, 'facebook');
  await expect(clip(page, 'facebook')).toBeVisible();

  await publishFacebookPost(request, headers);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/analytics/content/posts', { headers })).json()) as {
            posts: { state: string }[];
          }
        ).posts[0]?.state ?? 'none',
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe('waiting');

  // Its first figures would come an hour after publishing; the person asks for them now.
  await page.goto('/analytics');
  await page.getByRole('tab', { name: 'Content' }).click();
  const table = page.getByRole('table', { name: 'Figures of published posts' });
  await expect(table.getByText('First figures about an hour after publishing')).toBeVisible();
  await page.getByRole('button', { name: 'Read figures now' }).click();
  await expect(
    page.getByText('Reading the figures of 1 post from their platforms: they show here within a minute.'),
  ).toBeVisible();
  const views = table.getByLabel(/^[\d,]+ \(Meta Graph API v[\d.]+ GET \/\{page-post-id\}\/insights/).first();
  await expect(views).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText(/figures as of/)).toBeVisible();
  await shot(page, 'post-figures-read-now');

  // Pressed again at once: nothing is read twice within a quarter of an hour.
  await page.getByRole('button', { name: 'Read figures now' }).click();
  await expect(
    page.getByText("Every post's figures were read in the last 15 minutes: try again later."),
  ).toBeVisible();
});
