import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { apiCampaign, csvList, launchWhenMessagesReady } from './support/outreach-seed';
import { shot } from './support/screenshot';

test('your own template: written with its variables in step 4, checked, and used for every lead', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createAccount(request, { prefix: 'own-template', website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, `e2e-outcomes-${Date.now()}`);
  await csvList(request, headers, 'Founders CSV', [
    'Jane Doe,Founder at Globex,"Austin, Texas",Globex,2nd,CSV,https://www.linkedin.com/in/jane-doe-e2e,None',
    'Omar Haddad,CTO at Initech,Paris,Initech,2nd,CSV,https://www.linkedin.com/in/omar-haddad-e2e,None',
  ]);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Create New Campaign' }).first().click();
  await page.getByPlaceholder('Select a list from here').click();
  await page.getByRole('option', { name: /Founders CSV/ }).click();
  await expect(page.getByText('2 leads selected')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set the Campaign Workflow' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set the Campaign Details' })).toBeVisible();
  await page.getByLabel('Campaign name').fill('Founders, my words');

  // The editor: its checks, then a template with variables inserted from the chips.
  await page.getByRole('button', { name: 'Write your own template' }).click();
  const editor = page.getByRole('dialog', { name: 'Write your own template' });
  await expect(editor.getByRole('button', { name: 'Insert {first_name}' })).toBeVisible();
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(editor.getByText('Give a name to the template')).toBeVisible();
  await expect(editor.getByText('Write the text of the template')).toBeVisible();
  await editor.getByLabel('Template name').fill('Coffee chat');
  const text = editor.getByRole('textbox', { name: 'Template text' });
  await text.fill('Hi {firstname}!');
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(
    editor.getByText(/^Unknown variable \{firstname\}: the variables are \{first_name\}/),
  ).toBeVisible();
  await shot(page, '01-template-errors');

  await text.fill('Hi ');
  await editor.getByRole('button', { name: 'Insert {first_name}' }).click();
  await text.press('End');
  await text.pressSequentially(', I admire what you build at ');
  await editor.getByRole('button', { name: 'Insert {company}' }).click();
  await text.press('End');
  await text.pressSequentially('. Open to a quick coffee chat?');
  await expect(text).toHaveValue(
    'Hi {first_name}, I admire what you build at {company}. Open to a quick coffee chat?',
  );
  await shot(page, '02-template-editor');
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template Saved')).toBeVisible();
  await expect(editor).toBeHidden();
  // Saved, shown beside the three, and chosen.
  await expect(page.getByRole('button', { name: 'Selected: Coffee chat' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('Your template')).toBeVisible();
  await shot(page, '03-own-template-card');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Campaign' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await page
    .getByRole('dialog', { name: 'Do you want to create Campaign for 50 Credits?' })
    .getByRole('button', { name: 'Yes, Create' })
    .click();
  await expect(page.getByText('Campaign Created')).toBeVisible();

  // Step 6: each lead's note is the template with its own details.
  await expect(page.getByRole('heading', { name: 'Check Your Campaign Details' })).toBeVisible();
  await expect(page.getByText(/Coffee chat/).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 90_000 });
  await expect(
    page.getByText('Hi Jane, I admire what you build at Globex. Open to a quick coffee chat?'),
  ).toBeVisible();
  await expect(
    page.getByText('Hi Omar, I admire what you build at Initech. Open to a quick coffee chat?'),
  ).toBeVisible();
  await shot(page, '04-own-template-messages');
});

test('a campaign whose every lead failed is Failed, with the reason and the failed count', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createAccount(request, { prefix: 'failed-campaign', website: e2eEnv().siteUrl });
  const headers = await signInWithLinkedIn(request, user.email, user.password, `e2e-outcomes-${Date.now()}`);
  // No one lives at these addresses (a profile address has at least 3 characters): LinkedIn answers 404.
  const listId = await csvList(request, headers, 'Gone people', [
    'Gone One,Former CEO,Paris,Nowhere,2nd,CSV,https://www.linkedin.com/in/q1,None',
    'Gone Two,Former CTO,Paris,Nowhere,2nd,CSV,https://www.linkedin.com/in/q2,None',
  ]);
  // The template by its name, not its description.
  const campaign_id = await apiCampaign(request, headers, 'Ghost town', listId);
  await launchWhenMessagesReady(request, headers, campaign_id);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/campaigns');
  const row = page.getByRole('row').filter({ hasText: 'Ghost town' });
  // The list asks again while a campaign runs: the engine's first step fails for both leads.
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 90_000 });
  const reason = 'No lead could be reached: This profile is not on LinkedIn any more (all 2 failed leads)';
  await expect(row.getByText(reason)).toBeVisible();
  await expect(row.getByLabel('Campaign progress 100%, 2 failed')).toBeVisible();
  await expect(row.getByText('2 leads failed')).toBeVisible();
  await shot(page, '05-list-failed');

  await row.getByRole('button', { name: 'View Campaign Ghost town' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Campaign Details' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'This campaign failed' });
  await expect(alert.getByText(reason)).toBeVisible();
  await expect(page.getByText('2 leads failed')).toBeVisible();
  await expect(page.getByRole('row', { name: /^Open / }).filter({ hasText: 'Failed' })).toHaveCount(2);
  await shot(page, '06-campaign-failed');
});
