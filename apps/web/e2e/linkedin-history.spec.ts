import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const BLOG_TOPIC = 'How we plan a week of launches';

test('a blog post is repurposed into LinkedIn variants, the one kept is saved, then both are found in History', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, password } = await createAccount(request, { prefix: 'linkedin', website: e2eEnv().siteUrl });

  // The blog post exists first: written through the API (the offline writer, as no model is configured).
  const login = await request.post('/api/loginv2', { data: { email, password, captcha_token: '' } });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const started = await request.post('/api/blogs', { headers, data: { topic: BLOG_TOPIC, length: 'short' } });
  expect(started.status()).toBe(202);
  const blogId = ((await started.json()) as { blog: { id: number } }).blog.id;
  let blogTitle = '';
  await expect
    .poll(
      async () => {
        const blog = (await (await request.get(`/api/blogs/${blogId}`, { headers })).json()) as {
          blog: { status: string; title: string };
        };
        blogTitle = blog.blog.title;
        return blog.blog.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');

  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Linkedin' }).first().click();
  await expect(page).toHaveURL(/\/linkedin$/);
  await expect(page.getByRole('heading', { name: 'Linkedin', exact: true })).toBeVisible();
  // No AI model in the journeys' install: the page says so, and never calls its drafts AI.
  await expect(page.getByText(/^Outline to complete: without an AI model/)).toBeVisible();
  await expect(page.getByText('No LinkedIn posts yet')).toBeVisible();
  await shot(page, 'linkedin-empty');

  // Repurpose: the blog post is the source; two variants.
  const writeTwoFromTheBlog = async () => {
    await page.getByText('Blog post', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Blog post to repurpose' }).click();
    await page.getByRole('option', { name: blogTitle }).click();
    await page.getByText('2', { exact: true }).click();
    await page.getByRole('button', { name: 'Write posts' }).click();
  };
  await writeTwoFromTheBlog();
  const cards = page.getByTestId('variant-card');
  await expect(cards).toHaveCount(2, { timeout: 30_000 });
  await expect(cards.first().getByText('Offline draft')).toBeVisible();
  await expect(cards.first().getByTestId('character-count')).toHaveText(/^[\d,]+ \/ 3,000$/);
  // Written is not saved: no post in the list until one is kept, and a reload leaves nothing behind.
  await expect(page.getByTestId('variants-note')).toContainText('Only the variants you keep are saved');
  await expect(page.getByText('No LinkedIn posts yet')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open post: / })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Linkedin', exact: true })).toBeVisible();
  await expect(page.getByText('No LinkedIn posts yet')).toBeVisible();
  await expect(cards).toHaveCount(0);

  // Written again; the first variant is kept: that one post, and only it, is saved.
  await writeTwoFromTheBlog();
  await expect(cards).toHaveCount(2, { timeout: 30_000 });
  await cards.first().getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByText('Post kept in your drafts')).toBeVisible();
  await expect(cards.first().getByRole('button', { name: 'Kept' })).toBeDisabled();
  await expect(cards.first()).toHaveAttribute('data-kept', 'true');
  await expect(cards.last()).toHaveAttribute('data-kept', 'false');
  await expect(cards.last().getByRole('button', { name: 'Keep' })).toBeEnabled();
  const saved = page.getByRole('button', { name: /^Open post: / });
  await expect(saved).toHaveCount(1);
  const keptHook = ((await cards.first().locator('p').first().textContent()) ?? '').split('\n')[0] ?? '';
  await expect(saved.first()).toContainText(keptHook.trim());
  await shot(page, 'linkedin-variants');

  // Choose on the kept variant opens that same post in the editor (no second copy).
  await cards.first().getByRole('button', { name: 'Choose' }).click();
  await expect(page).toHaveURL(/\/linkedin\?post=\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit LinkedIn post' })).toBeVisible();
  await expect(page.getByText(`From the blog post: ${blogTitle}`)).toBeVisible();
  const editor = page.getByLabel('Post text');
  const original = await editor.inputValue();
  expect(original.length).toBeGreaterThan(50);

  // Over 3,000 characters: the counter turns red and Save is off.
  await editor.fill(`${original}\n\n${'x'.repeat(3000)}`);
  await expect(page.getByTestId('character-count')).toContainText('too long for LinkedIn');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await shot(page, 'linkedin-editor-over-limit');

  const edited = `Planning a week of launches, the short version.\n\n${original.split('\n').slice(1).join('\n').trim()}`;
  await editor.fill(edited);
  await expect(page.getByTestId('character-count')).toHaveText(
    `${edited.length.toLocaleString('en-US')} / 3,000`,
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Post Saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Post text')).toHaveValue(edited);
  await shot(page, 'linkedin-editor');

  // History: the blog post and the one LinkedIn post kept, newest first.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('LinkedIn post');
  await expect(rows.first()).toContainText('Offline writer');
  await expect(
    page.getByText('Planning a week of launches, the short version.', { exact: true }),
  ).toBeVisible();
  await expect(rows.last()).toContainText('Blog post');
  await expect(rows.last()).toContainText(blogTitle);
  // The LinkedIn post names the blog post it was made from by its title, not by a number.
  await expect(rows.first()).toContainText(`made from “${blogTitle}”`);
  await shot(page, 'history-all');

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Blog post' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(blogTitle);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await page.getByLabel('Search titles').fill('short version');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Planning a week of launches, the short version.');
  await shot(page, 'history-search');

  // Duplicate the post, then delete the copy (after a confirmation).
  await rows
    .first()
    .getByRole('button', { name: /^More actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('alert').getByText('Duplicated', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('(copy)');
  await rows
    .first()
    .getByRole('button', { name: /^More actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').getByText('Deleted', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);

  // Reopen the blog post: it opens in the blog editor.
  await page.getByLabel('Search titles').fill('');
  await expect(rows).toHaveCount(2);
  await rows
    .last()
    .getByRole('button', { name: /^Reopen / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/website-content\\?post=${blogId}$`));
  await expect(page.getByRole('heading', { name: 'Edit blog post' })).toBeVisible();
});
