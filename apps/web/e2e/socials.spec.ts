import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn, logOut } from './support/journeys';
import { shot } from './support/screenshot';

const adminHeaders = async (request: APIRequestContext) => {
  const { adminEmail, adminPassword } = e2eEnv();
  const login = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
};

/**
 * Spec §2 socials/content and allsocials: a user writes posts for the three networks with a theme's
 * infographic, sees each network's preview with its rendered picture, downloads the picture, and finds
 * the posts in All socials (10 a page) and History.
 */
test('a user writes social posts with a rendered infographic, downloads the picture and finds them in All socials', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await createAccount(request, { prefix: 'socials', website: e2eEnv().siteUrl });
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The sidebar's Socials (under Online Presence) is the list: empty at first, with the way to write posts.
  await page.getByRole('button', { name: 'Online Presence' }).click();
  await page.getByRole('link', { name: 'Socials', exact: true }).click();
  await expect(page).toHaveURL(/\/allsocials$/);
  await expect(page.getByText('No social posts yet')).toBeVisible();
  await shot(page, 'allsocials-empty');
  await page.getByRole('link', { name: 'Create posts' }).first().click();
  await expect(page).toHaveURL(/\/socials\/content$/);

  await page.getByRole('textbox', { name: 'Topic' }).fill('Three habits that keep a launch on schedule');
  await expect(page.getByRole('checkbox', { name: 'Instagram' })).toBeChecked();
  const theme = page.getByRole('radio', { name: 'Theme Paper List' });
  await theme.click();
  await expect(theme).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('img').first()).toBeVisible({
    timeout: 20_000,
  });
  await shot(page, 'socials-create-form');
  await page.getByRole('button', { name: 'Generate' }).click();

  const instagram = page.getByTestId('social-post-instagram');
  await expect(instagram).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('social-post-facebook')).toBeVisible();
  await expect(page.getByTestId('social-post-linkedin')).toBeVisible();
  // The picture is rendered by a job, then shown in each network's preview.
  await expect(instagram.getByTestId('social-picture')).toBeVisible({ timeout: 30_000 });
  const size = await instagram.getByTestId('social-picture').evaluate((img) => ({
    width: (img as HTMLImageElement).naturalWidth,
    height: (img as HTMLImageElement).naturalHeight,
  }));
  expect(size.width).toBeGreaterThan(500);
  await expect(instagram.getByLabel('Instagram preview')).toBeVisible();
  await expect(instagram.getByTestId('character-count')).toContainText('/ 2,200');
  await expect(instagram.getByTestId('hashtag-count')).toContainText('/ 30 hashtags');
  await shot(page, 'socials-generated');

  // The live count: over Instagram's limit, Save is off and the count says so.
  const editor = instagram.getByRole('textbox', { name: 'Instagram text' });
  const original = await editor.inputValue();
  await editor.fill('x'.repeat(2_300));
  await expect(instagram.getByTestId('character-count')).toContainText('too long for Instagram');
  await expect(instagram.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.fill(`${original}\n\nEdited by hand.`);
  await instagram.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Post Saved')).toBeVisible();

  // Download the picture: a PNG named after the post.
  const downloading = page.waitForEvent('download');
  await instagram.getByRole('button', { name: 'Download image' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^social-post-\d+-instagram\.png$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');

  // Another picture for the Facebook post: another theme, chosen in the dialog.
  const facebook = page.getByTestId('social-post-facebook');
  await expect(facebook.getByTestId('social-picture')).toBeVisible({ timeout: 30_000 });
  await facebook.getByRole('button', { name: 'Regenerate image' }).click();
  await page.getByRole('menuitem', { name: 'Another theme or source…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Another picture' });
  await dialog.getByRole('radio', { name: 'Theme Midnight Cards' }).click();
  await shot(page, 'socials-another-picture');
  await dialog.getByRole('button', { name: 'Make the picture' }).click();
  await expect(dialog).toBeHidden();
  await expect(facebook).toContainText('Theme: Midnight Cards');
  await expect(facebook.getByTestId('social-picture')).toBeVisible({ timeout: 30_000 });

  // All socials lists the three posts with their pictures; one opens in the editor.
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/allsocials$/);
  const tiles = page.getByRole('button', { name: /^Open the (Facebook|Instagram|LinkedIn) post \d+$/ });
  await expect(tiles).toHaveCount(3);
  await expect(page.getByTestId('social-picture').first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'allsocials-list');
  await page.getByRole('button', { name: /^Open the Instagram post/ }).click();
  await expect(page).toHaveURL(/\/socials\/content\?post=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Instagram text' })).toHaveValue(/Edited by hand\.$/);
  await shot(page, 'socials-opened');

  // History has them, and reopens one in its editor.
  await page.goto('/history');
  await page
    .getByRole('button', { name: 'Reopen Instagram: Three habits that keep a launch on schedule' })
    .click();
  await expect(page).toHaveURL(/\/socials\/content\?post=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Instagram text' })).toHaveValue(/Edited by hand\.$/);
});

/**
 * An admin makes a new Text Post prompt in Prompts Management, with a directive the offline writer
 * follows ("Call to action: …"), and sets it as a theme's Text Post prompt in the Template Editor: the
 * next social post made with that theme follows it. Everything is put back afterwards.
 */
test("an admin's Text Post prompt set in the Template Editor drives the next social post of that theme", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { adminEmail, adminPassword, siteUrl } = e2eEnv();
  const THEME = 'Forest Quote';
  const suffix = randomBytes(3).toString('hex');
  const name = `Social posts with a call ${suffix}`;
  const callToAction = `Book a launch review with us ${suffix}`;
  const headers = await adminHeaders(request);
  let promptId: string | null = null;

  try {
    await logIn(page, adminEmail, adminPassword);
    await page.getByRole('link', { name: 'Prompts Management', exact: true }).click();
    await page.getByRole('button', { name: 'New prompt' }).click();
    const creator = page.getByRole('dialog', { name: 'New prompt' });
    await creator.getByRole('textbox', { name: 'Name' }).fill(name);
    await creator.getByRole('combobox', { name: 'Purpose' }).click();
    await page.getByRole('option', { name: 'Social post', exact: true }).click();
    await creator.getByRole('textbox', { name: 'Prompt text' }).fill('Write social posts about ');
    await creator.getByRole('button', { name: 'Insert {topic}' }).click();
    await page.keyboard.type(`.\nCall to action: ${callToAction}`);
    await creator.getByRole('button', { name: 'Create prompt' }).click();
    await expect(page.getByText('Prompt created')).toBeVisible();
    await shot(page, 'socials-prompt-created');

    await page.getByRole('link', { name: 'Infographic Management 2', exact: true }).click();
    const card = page.getByRole('article', { name: THEME });
    await card.getByRole('button', { name: `Menu of ${THEME}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: `Template Editor: ${THEME}` });
    const item = editor.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
    promptId = ((await item.getByText(/^Prompt id = \d+$/).textContent()) ?? '').replace('Prompt id = ', '');
    expect(promptId).toMatch(/^\d+$/);
    await editor.getByRole('textbox', { name: 'Text Post Prompt Id' }).fill(promptId);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Text Post: ${promptId}`);
    await shot(page, 'socials-template-set');
    await logOut(page);

    const { email, password } = await createAccount(request, { prefix: 'socials-prompt', website: siteUrl });
    await logIn(page, email, password);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/socials/content');
    await page.getByRole('textbox', { name: 'Topic' }).fill('Getting a launch ready');
    await page.getByRole('checkbox', { name: 'Facebook' }).uncheck();
    await page.getByRole('checkbox', { name: 'Instagram' }).uncheck();
    await page.getByRole('radio', { name: `Theme ${THEME}` }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    const linkedin = page.getByTestId('social-post-linkedin');
    await expect(linkedin.getByRole('textbox', { name: 'LinkedIn text' })).toHaveValue(
      new RegExp(callToAction),
      { timeout: 30_000 },
    );
    await expect(linkedin.getByTestId('social-picture')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'socials-post-follows-template-prompt');
  } finally {
    // The theme back to the current prompt, and the new prompt retired (it would take over social posts).
    const entries = (await (await request.get('/api/get-templates-data', { headers })).json()) as {
      id: number;
      theme: string;
      prompt_type: string;
    }[];
    const mine = entries.filter((entry) => entry.theme === THEME);
    const order = ['selection', 'image', 'text_post'];
    mine.sort((a, b) => order.indexOf(a.prompt_type) - order.indexOf(b.prompt_type));
    if (mine.length === 3) {
      await request.put('/api/update-templates-data', {
        headers,
        data: { ids: mine.map((entry) => entry.id), prompt_ids: [null, null, null] },
      });
    }
    if (promptId)
      await request.put(`/api/admin/prompts/${promptId}/retired`, { headers, data: { retired: true } });
  }
});
