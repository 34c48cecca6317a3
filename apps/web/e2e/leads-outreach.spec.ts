import type { APIRequestContext } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const CSV = [
  'Name,Headline,Location,Company,Connection Degree,Source,Linkedin URL,Profile Image URL',
  'Ada Lovelace,Head of Analytical Engines,London,Difference Works,2nd,CSV,https://www.linkedin.com/in/ada-lovelace-outreach,None',
  'Barbara Liskov,Institute Professor,Cambridge,MIT,2nd,CSV,https://www.linkedin.com/in/barbara-liskov-outreach,None',
  'Dennis Ritchie,Systems programmer,Murray Hill,Bell Labs,3rd+,CSV,https://www.linkedin.com/in/dennis-ritchie-outreach,None',
].join('\r\n');

/** A list of three leads, imported through the API as the CSV screen would. */
const importLeads = async (request: APIRequestContext, email: string, password: string) => {
  const login = await request.post('/api/loginv2', { data: { email, password, captcha_token: '' } });
  const { access_token } = (await login.json()) as { access_token: string };
  const saved = await request.post('/api/linkedinAI/save_leads', {
    headers: { Authorization: `Bearer ${access_token}` },
    multipart: {
      list: 'Computing pioneers',
      file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) },
    },
  });
  expect(saved.status()).toBe(200);
};

test('selected leads get their work e-mails (Hunter stand-in) and become a new list the campaign wizard opens with', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'outreach', website: e2eEnv().siteUrl });
  await importLeads(request, user.email, user.password);
  await logIn(page, user.email, user.password);
  await page.getByRole('button', { name: 'Outreach' }).click();
  await page.getByRole('link', { name: 'Leads' }).click();
  const imported = page.getByRole('row').filter({ hasText: 'Computing pioneers' });
  await expect(imported.getByText('Not in Campaign')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'See All Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Lead Database Here' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(4);

  // Find Email waits for a selection; Start Outreach says what a selection would do.
  await expect(page.getByRole('button', { name: 'Find Email' })).toBeDisabled();
  const ada = page.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  const barbara = page.getByRole('row').filter({ hasText: 'Barbara Liskov' });
  await ada.getByRole('checkbox').check();
  await barbara.getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();

  // Find Email: Hunter finds Ada's address (verified) and nobody for Barbara; a credit is spent.
  await page.getByRole('button', { name: 'Find Email' }).click();
  await expect(page.getByText('1 Email Found, 1 Not Found')).toBeVisible();
  await expect(ada.getByText('ada.lovelace@differenceworks.com')).toBeVisible();
  await expect(ada.getByText('Valid · 60%')).toBeVisible();
  await expect(barbara.getByText('Not found')).toBeVisible();
  await expect(page.getByText('499 credits')).toBeVisible();
  await shot(page, 'leads-outreach-emails-found');

  // Start Outreach: a new list of the two, and the wizard at its list step with it chosen.
  await page.getByRole('button', { name: 'Start Outreach' }).click();
  await expect(page.getByText('List Created')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\?list=\d+$/);
  await expect(page.getByRole('heading', { name: 'Create a new Outreach Campaign' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select Lists for Campaign' })).toHaveValue(
    /^Outreach [A-Z][a-z]{2} \d{1,2}, \d{4} · 2 leads$/,
  );
  await expect(page.getByText('2 leads selected')).toBeVisible();
  await shot(page, 'leads-outreach-wizard-with-list');

  // The new list is on the lists page beside the imported one.
  await page.goto('/leads');
  const made = page.getByRole('row').filter({ hasText: /Outreach [A-Z][a-z]{2} \d{1,2}, \d{4}/ });
  await expect(made.getByRole('cell', { name: '2', exact: true })).toBeVisible();
});
