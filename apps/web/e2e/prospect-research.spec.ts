import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { csvList } from './support/outreach-seed';
import { shot } from './support/screenshot';

// The sandbox makes up anyone at a profile address from its slug: these two post (five and four posts).
const ROWS = [
  'Katherine Johnson,Mathematician,Hampton,Langley Works,2nd,CSV,https://www.linkedin.com/in/katherine-johnson-research,None',
  'Margaret Hamilton,Software engineer,Boston,Apollo Labs,2nd,CSV,https://www.linkedin.com/in/margaret-hamilton-research,None',
];

test('Prospect Research: a lead researched from its LinkedIn profile, posts and company site, each point with its source', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'research', website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, 'li-at-research');
  await csvList(request, headers, 'Research pioneers', ROWS);

  await logIn(page, user.email, user.password);
  await page.getByRole('link', { name: 'Prospect Research' }).click();
  await expect(page).toHaveURL(/\/prospect-research$/);
  await expect(page.getByRole('heading', { name: 'Prospect Research' })).toBeVisible();
  await expect(page.getByText('Choose a lead to research')).toBeVisible();
  await shot(page, 'prospect-research-empty');

  await page.getByLabel('Search leads').fill('Katherine');
  await page.getByRole('option', { name: /Katherine Johnson/ }).click();
  await expect(page).toHaveURL(/\/prospect-research\?lead=\d+$/);
  await expect(page.getByText('Katherine Johnson is not researched yet')).toBeVisible();
  await page.getByLabel('Company website').fill(e2eEnv().siteUrl);
  await page.getByRole('button', { name: 'Research', exact: true }).first().click();

  const card = page.getByTestId('research-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('heading', { name: 'Katherine Johnson' })).toBeVisible();
  await expect(card.getByText('Written without a model')).toBeVisible();
  // Role and tenure from the profile, the company from its site, each with its source's badge.
  await expect(card.getByRole('link', { name: 'Source: LinkedIn profile' }).first()).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/katherine-johnson-research',
  );
  await expect(card.getByText(/Acme Rockets builds reusable rockets for small satellites/)).toBeVisible();
  await expect(card.getByRole('link', { name: /^Source: Website: 127\.0\.0\.1/ }).first()).toBeVisible();
  // Topics and talking points from the posts, each linking to its post.
  await expect(card.getByRole('link', { name: /^Source: Post 1 · / }).first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:activity:\d+\/$/,
  );
  await expect(card.getByRole('listitem').filter({ hasText: '“' }).first()).toBeVisible();
  await expect(card.getByText(/^Write here:/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Research again' })).toBeVisible();
  await shot(page, 'prospect-research-card');

  // The card is saved on the lead: it is there after a reload, and the lead is listed as researched.
  await page.reload();
  await expect(page.getByTestId('research-card')).toBeVisible();
  await page.getByLabel('Search leads').fill('');
  await expect(page.getByRole('option', { name: /Katherine Johnson/ }).getByText('Researched')).toBeVisible();

  // A whole list, in the background, with its progress.
  await page.getByRole('combobox', { name: 'List to research' }).click();
  await page.getByRole('option', { name: 'Research pioneers (2)' }).click();
  await page.getByRole('button', { name: 'Research list' }).click();
  const run = page.getByTestId('research-run').first();
  await expect(run.getByText('Done')).toBeVisible({ timeout: 60_000 });
  await expect(run.getByText('2 of 2 researched')).toBeVisible();
  await shot(page, 'prospect-research-list-done');
});
