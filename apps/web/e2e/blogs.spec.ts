import { setPlan } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { addWebsite, logIn, PASSWORD, signUp, uniqueEmail } from './support/journeys';
import { codeFromMail } from './support/outbox';
import { shot } from './support/screenshot';

test('a new person suggests topics, writes a blog post, edits it, finds it saved after a reload, repurposes it for LinkedIn and finds both in History', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('blogs');
  await signUp(page, email);
  // A new account starts on Basic; this journey writes and repurposes more than Basic allows a month.
  await setPlan(request, email, 'Premium');
  await addWebsite(page, e2eEnv().siteUrl);

  // The sidebar's Online Presence group leads to Blogs.
  await page.getByRole('link', { name: 'Blogs' }).first().click();
  await expect(page).toHaveURL(/\/website-content$/);
  await expect(page.getByRole('heading', { name: 'Blogs', exact: true })).toBeVisible();
  // No AI model in the journeys' install: the page says so, and never calls its drafts AI.
  await expect(page.getByText(/^Outline to complete: without an AI model/)).toBeVisible();
  await expect(page.getByText('No blog posts yet')).toBeVisible();
  await shot(page, 'blogs-empty');

  await page.getByRole('button', { name: 'Suggest topics' }).click();
  const topics = page.getByRole('list', { name: 'Suggested topics' }).getByRole('listitem');
  await expect(topics).toHaveCount(3, { timeout: 20_000 });
  // Keyboard: the cards are buttons; Enter picks one.
  await topics.first().getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(topics.first().getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  const topic = await page.getByRole('textbox', { name: 'Topic', exact: true }).inputValue();
  expect(topic.length).toBeGreaterThan(0);
  await page.getByText('Short (about 600 words)').click();
  await shot(page, 'blogs-topics');

  await page.getByRole('button', { name: 'Write blog post' }).click();
  const card = page.getByRole('article').first();
  await expect(card.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Offline draft')).toBeVisible();
  await shot(page, 'blogs-grid');

  await card.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/website-content\?post=\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit blog post' })).toBeVisible();
  const body = page.locator('.ProseMirror');
  await expect(body.locator('h2').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Regenerate section: / }).first()).toBeVisible();
  await expect(page.getByText(/\d+ \/ 160/)).toBeVisible();

  await page.getByLabel('Title').fill('Our launch schedule, explained');
  // The writer's slug follows the new title (nobody chose another).
  await expect(page.getByLabel('Slug')).toHaveValue('our-launch-schedule-explained');
  await page.getByLabel('Meta description').fill('How weekly launches work at Acme Rockets.');
  await expect(page.getByText('41 / 160')).toBeVisible();
  // The closing line is replaced with the user's own.
  await body.locator('p').last().click({ clickCount: 3 });
  await page.keyboard.type('Edited in the browser.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Blog Saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await shot(page, 'blogs-editor');

  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Our launch schedule, explained');
  await expect(page.getByLabel('Slug')).toHaveValue('our-launch-schedule-explained');
  await expect(page.getByLabel('Meta description')).toHaveValue('How weekly launches work at Acme Rockets.');
  await expect(page.locator('.ProseMirror')).toContainText('Edited in the browser.');

  // A section is rewritten and saved in place.
  const sectionButton = page.getByRole('button', { name: /^Regenerate section: / }).first();
  await sectionButton.click();
  await expect(page.getByText('Section rewritten and saved')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('article').first()).toContainText('Our launch schedule, explained');
  await shot(page, 'blogs-after-edit');

  // The same person repurposes the post into a LinkedIn post from History, and finds both there.
  await page.goto('/history');
  const rows = page.getByTestId('history-row');
  // The blog post itself, by its type (a post made from it names it too: "made from “…”").
  const blogRow = rows
    .filter({ hasText: 'Our launch schedule, explained' })
    .filter({ has: page.getByText('Blog post', { exact: true }) });
  await expect(blogRow).toHaveCount(1);
  await blogRow.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Repurpose for LinkedIn' }).click();
  await expect(page).toHaveURL(/\/linkedin\?blog=\d+$/);
  await page.getByRole('button', { name: 'Write posts' }).click();
  const variant = page.getByTestId('variant-card').first();
  await expect(variant.getByRole('button', { name: 'Choose' })).toBeVisible({ timeout: 30_000 });
  await variant.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByText('From the blog post: Our launch schedule, explained')).toBeVisible();
  await page.goto('/history');
  await expect(rows.first()).toContainText('LinkedIn post');
  // The LinkedIn post names its source by its title, not by a number.
  await expect(rows.first()).toContainText('made from “Our launch schedule, explained”');
  await expect(blogRow).toContainText('Blog post');
  await shot(page, 'blogs-repurposed-in-history');
});

test('a Basic account without a website suggests from seed keywords, and its second post opens the premium pop-up', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('blogs-basic');
  const registered = await request.post('/api/register', {
    data: { email, password: PASSWORD, captcha_token: '', subscription_type: 'Basic' },
  });
  expect(registered.status()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const verified = await request.post('/api/verify_otp', {
    data: { token, otp: await codeFromMail(email, 0) },
  });
  const { access_token } = (await verified.json()) as { access_token: string };
  await request.post('/api/skip_website', { headers: { Authorization: `Bearer ${access_token}` } });

  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/website-content/blogs');
  await expect(page.getByText('add it in Settings')).toBeVisible();
  const suggest = page.getByRole('button', { name: 'Suggest topics' });
  await expect(suggest).toBeDisabled();
  const seeds = page.getByRole('combobox', { name: 'Seed keywords' });
  // Without a model, topics are the user's own subjects: three seeds give three to suggest.
  for (const seed of ['email marketing', 'newsletter design', 'subject lines']) {
    await seeds.fill(seed);
    await seeds.press('Enter');
  }
  await expect(suggest).toBeEnabled();
  // One click no longer spends Basic's three topics: one by default, up to what the month has left.
  const howMany = page.getByLabel('How many', { exact: true }).and(page.locator('input'));
  await expect(howMany).toHaveValue('1');
  await expect(page.getByText('3 of 3 left this month')).toBeVisible();
  await shot(page, 'blogs-basic-how-many');
  await suggest.click();
  const suggested = page.getByRole('list', { name: 'Suggested topics' }).getByRole('listitem');
  await expect(suggested).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText('1 topic suggested; 2 left this month')).toBeVisible();
  await expect(page.getByText('2 of 3 left this month')).toBeVisible();
  await howMany.click();
  await expect(page.getByRole('option')).toHaveText(['1', '2']);
  await page.getByRole('option', { name: '2', exact: true }).click();
  await suggest.click();
  await expect(suggested).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByText('2 topics suggested; 0 left this month')).toBeVisible();
  await expect(page.getByText('None left this month')).toBeVisible();
  await shot(page, 'blogs-basic-no-website');

  // None left: the premium pop-up says which limit, what was used and when it starts again.
  await suggest.click();
  const topicsPopup = page.getByRole('dialog', { name: 'Buy Premium' });
  await expect(topicsPopup.getByText('You have used up your basic plan limit')).toBeVisible();
  const figures = topicsPopup.getByRole('table', { name: 'The limit you reached' });
  await expect(figures.getByRole('row', { name: /Limit reached/ })).toContainText('Blog topics');
  await expect(figures.getByRole('row', { name: /Used/ })).toContainText('3 of 3 blog topics this month');
  const next = new Date();
  const resets = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1)).toLocaleDateString(
    'en-US',
    { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
  );
  await expect(figures.getByRole('row', { name: /Resets on/ })).toContainText(resets);
  await shot(page, 'blogs-basic-topics-popup');
  await topicsPopup.getByRole('button', { name: 'Cancel' }).click();
  await expect(topicsPopup).toHaveCount(0);
  await expect(suggested).toHaveCount(3);

  await page.getByRole('list', { name: 'Suggested topics' }).getByRole('listitem').first().click();
  await page.getByRole('button', { name: 'Write blog post' }).click();
  await expect(page.getByRole('article').first().getByText('Ready')).toBeVisible({ timeout: 60_000 });

  // Basic writes one post a month: the second asks for Premium.
  await page.getByRole('button', { name: 'Write blog post' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('You have used up your basic plan limit')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Buy Premium' })).toBeVisible();
  await expect(popup.getByRole('row', { name: /Limit reached/ })).toContainText('Blog posts');
  await expect(popup.getByRole('row', { name: /Used/ })).toContainText('1 of 1 blog posts this month');
  await shot(page, 'blogs-basic-limit');
  await expect(page.getByRole('article')).toHaveCount(1);
});
