import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';
import { startServerWithModel, type TServerWithModel } from './support/server-with-model';

/*
 * The guards on what a model writes, in Chromium, against a server of its own whose AI endpoint is the
 * local stand-in (support/server-with-model.ts), steered to answer badly: blog sections far shorter
 * than asked (short-sections), LinkedIn posts without their hashtags (missing-parts).
 */

let model: TServerWithModel;
const shared = { baseUrl: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  model = await startServerWithModel();
  process.env.E2E_BASE_URL = model.baseUrl;
  process.env.E2E_DATA_DIR = model.dataDir;
});

test.afterAll(async () => {
  process.env.E2E_BASE_URL = shared.baseUrl;
  process.env.E2E_DATA_DIR = shared.dataDir;
  await model?.stop();
});

test('a post the model writes far too short shows Needs review with both lengths; posts missing hashtags say so', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createAccount(request, { prefix: 'guards', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Every section comes back at a few words, and so does each section asked again: still short.
  model.standIn.setMode('short-sections');
  await page.getByRole('link', { name: 'Blogs' }).first().click();
  await page
    .getByRole('textbox', { name: 'Topic', exact: true })
    .fill('Launch schedules for small satellites');
  await page.getByText('Medium (about 1,200 words)').click();
  await page.getByRole('button', { name: 'Write blog post' }).click();
  const card = page.getByRole('article').first();
  await expect(card.getByText('Needs review')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Ready', { exact: true })).toHaveCount(0);
  await expect(card.getByText(/^It has about \d+ words; about 1,200 were asked for\.$/)).toBeVisible();
  await shot(page, 'guards-needs-review');
  await card.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Needs review before publishing' })).toBeVisible();
  await shot(page, 'guards-needs-review-editor');

  // LinkedIn: the model leaves out the hashtags, twice (asked again once); each post says what it lacks.
  model.standIn.setMode('missing-parts');
  await page.getByRole('link', { name: 'Linkedin' }).first().click();
  await page.getByRole('textbox', { name: 'Topic', exact: true }).fill('Why rideshare launches save money');
  await page.getByRole('button', { name: 'Write posts' }).click();
  const variant = page.getByTestId('variant-card').first();
  await expect(variant.getByText('Check before posting: It has no hashtags.')).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'guards-linkedin-missing');
  model.standIn.setMode('normal');
});
