import { readFile } from 'node:fs/promises';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { addWebsite, signUp, uniqueEmail } from './support/journeys';
import { shot } from './support/screenshot';

const NO_PROVIDER =
  'Search volume, cost per click and competition need a metrics provider: an administrator can connect the Google Ads API (its credentials) to show them. No numbers are estimated here.';

test('keyword ideas are generated, saved as a list, exported as CSV and offered in the blog form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail('keywords'));
  await addWebsite(page, e2eEnv().siteUrl);

  // Online Presence → Ads opens Keywords inside the Ads sub-navigation.
  await page.getByRole('link', { name: 'Ads' }).first().click();
  await expect(page).toHaveURL(/\/advertising$/);
  const adsNav = page.getByRole('navigation', { name: 'Ads' });
  await expect(adsNav.getByRole('link', { name: 'Keywords' })).toHaveAttribute('aria-current', 'page');
  await expect(adsNav.getByRole('link', { name: 'Google Ads' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Keywords', exact: true })).toBeVisible();
  // No provider in the journeys' install: said plainly, before and after generating.
  await expect(page.getByText(NO_PROVIDER)).toBeVisible();
  await expect(page.getByText('No saved lists yet')).toBeVisible();

  // Facebook Ads is the coming-soon page inside the same sub-navigation; Keywords leads back.
  await adsNav.getByRole('link', { name: 'Facebook Ads' }).click();
  await expect(page).toHaveURL(/\/advertising\/facebook-ads$/);
  await expect(page.getByText('Coming soon')).toBeVisible();
  await shot(page, 'keywords-facebook-ads');
  await adsNav.getByRole('link', { name: 'Keywords' }).click();
  await expect(page).toHaveURL(/\/advertising\/keywords$/);

  const seeds = page.getByRole('combobox', { name: 'Seed terms' });
  await seeds.fill('satellite launch');
  await seeds.press('Enter');
  await page.getByRole('textbox', { name: 'Focus topic' }).fill('rideshare missions');
  await page.getByRole('textbox', { name: 'A page of your site' }).fill(e2eEnv().siteUrl);
  await page.getByRole('button', { name: 'Generate' }).click();

  // The seed's own row (ideas around it, "satellite launch checklist" and the like, may rank above it).
  const seedRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: 'Select satellite launch', exact: true }) })
    .first();
  await expect(seedRow).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(NO_PROVIDER)).toBeVisible();
  // Intent badges, our relevance, no metrics columns and no invented numbers.
  await expect(page.getByRole('columnheader', { name: 'Intent' }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Avg. monthly searches' })).toHaveCount(0);
  await expect(page.getByText('Transactional').first()).toBeVisible();
  await expect(page.getByText('Informational').first()).toBeVisible();
  await expect(page.getByText(/Relevance is our own score/)).toBeVisible();
  await shot(page, 'keywords-ideas');

  // Pick the seed and one whole theme, and save them as a list.
  await seedRow.getByRole('checkbox').check();
  await page.getByRole('checkbox', { name: 'Select all keywords of rideshare missions' }).check();
  await expect(page.getByText(/^\d+ selected$/)).toBeVisible();
  const selected = Number((await page.getByText(/^\d+ selected$/).textContent())?.split(' ')[0]);
  expect(selected).toBeGreaterThanOrEqual(3);
  await page.getByRole('textbox', { name: 'List name' }).fill('Rideshare =launch');
  await page.getByRole('button', { name: 'Save as list' }).click();
  await expect(page.getByText('Keyword list saved')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved keyword lists' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Rideshare =launch');
  await expect(saved.first()).toContainText(`${selected} keywords`);
  await expect(page.getByText('0 selected')).toBeVisible();
  await shot(page, 'keywords-saved');

  // Export CSV from the list's menu: the header, the keywords, the name kept safe.
  await saved.first().getByRole('button', { name: 'Actions for Rideshare =launch' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('keywords-rideshare-launch.csv');
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'keyword,intent,theme,relevance,avg_monthly_searches,competition,competition_index,low_top_of_page_bid,high_top_of_page_bid',
  );
  expect(lines).toHaveLength(selected + 1);
  expect(lines.some((line) => line.startsWith('satellite launch,'))).toBe(true);
  // No metrics without a provider: the metric cells stay empty.
  for (const line of lines.slice(1)) expect(line.endsWith(',,,,,')).toBe(true);

  // Open the list, then find it in History, which reopens it here.
  await saved.first().getByRole('button', { name: 'Open Rideshare =launch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rideshare =launch' });
  await expect(dialog.getByRole('row', { name: /^satellite launch satellite launch/ })).toBeVisible();
  await shot(page, 'keywords-list-open');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/history');
  const row = page.getByTestId('history-row').filter({ hasText: 'Rideshare =launch' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Reopen Rideshare =launch' }).click();
  await expect(page).toHaveURL(/\/advertising\/keywords\?list=\d+$/);
  await expect(
    page.getByRole('dialog').getByRole('row', { name: /^satellite launch satellite launch/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The blog form offers the list, and picking it fills the keywords.
  await page.goto('/website-content');
  await page.getByRole('button', { name: 'Keywords from a saved list' }).click();
  await page.getByRole('menuitem', { name: /Rideshare =launch/ }).click();
  await expect(page.getByRole('menuitem', { name: /Rideshare =launch/ })).toHaveCount(0);
  await expect(page.getByText('satellite launch', { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Seeds from a saved list' }).click();
  await page.getByRole('menuitem', { name: /Rideshare =launch/ }).click();
  await expect(page.getByText('satellite launch', { exact: true })).toHaveCount(2);
  await shot(page, 'keywords-in-blog-form');
});
