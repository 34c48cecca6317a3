import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

type TPrompt = { id: number; name: string; version: number; purpose: string };

/**
 * The journey works on the infographic prompts (no other journey generates infographics), and leaves
 * them as it found them: its own prompt retired, the built-in one's first text restored and in use.
 */
test('an admin edits, versions, creates and retires prompts in Prompts Management', async ({
  page,
  request,
}) => {
  const { adminEmail, adminPassword } = e2eEnv();
  await logIn(page, adminEmail, adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Prompts in service')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Prompts Management' })).toBeVisible();
  await shot(page, 'admin-dashboard');
  await page.getByRole('link', { name: 'Prompts Management', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/promptsmanagement$/);
  await expect(page.getByRole('heading', { name: 'Prompts Management' })).toBeVisible();

  test.setTimeout(120_000);
  // A prompt's row, found by its own Edit button (names also appear as purposes: "Infographic").
  const row = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
  for (const name of ['Blog topic ideas', 'Blog post', 'LinkedIn post', 'Infographic']) {
    await expect(row(name)).toContainText('In use');
  }
  await shot(page, 'prompts-list');

  // Edit: a typo in a variable is refused while typing, Save stays off until the text is right.
  await page.getByRole('button', { name: 'Edit Infographic', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit prompt' });
  await expect(drawer).toBeVisible();
  const text = drawer.getByRole('textbox', { name: 'Prompt text' });
  const save = drawer.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const original = await text.inputValue();
  await text.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nUse the colours of {compnay}.');
  await expect(
    drawer.getByText(/^Unknown variable \{compnay\}\. Infographic prompts may use:/),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await shot(page, 'prompts-unknown-variable');
  for (let i = 0; i < '{compnay}.'.length; i++) await page.keyboard.press('Backspace');
  await drawer.getByRole('button', { name: 'Insert {company}' }).click();
  await page.keyboard.type('.');
  await expect(text).toHaveValue(`${original}\nUse the colours of {company}.`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row('Infographic').getByRole('cell').nth(3)).toHaveText('2');
  await expect(row('Infographic')).toContainText(adminEmail);

  // A save of a version someone else replaced meanwhile is refused, and the typed text stays.
  const login = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const list = (await (await request.get('/api/admin/prompts', { headers })).json()) as {
    prompts: TPrompt[];
  };
  const infographic = list.prompts.find((prompt) => prompt.name === 'Infographic');
  expect(infographic?.version).toBe(2);
  await page.getByRole('button', { name: 'Edit Infographic', exact: true }).click();
  await expect(drawer).toBeVisible();
  const elsewhere = await request.put(`/api/admin/prompts/${infographic?.id}`, {
    headers,
    data: { text: `${original}\nKeep it to five panels for {audience}.`, version: 2 },
  });
  expect(elsewhere.status()).toBe(200);
  await text.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Mind the contrast.');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(drawer.getByText('Saved by someone else')).toBeVisible();
  await expect(text).toHaveValue(`${original}\nUse the colours of {company}. Mind the contrast.`);
  await drawer.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(text).toHaveValue(`${original}\nKeep it to five panels for {audience}.`);
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // History: who wrote each version and when; restoring the first is itself a new version.
  await page.getByRole('button', { name: 'Version history of Infographic' }).click();
  const history = page.getByRole('dialog', { name: /Version history · Infographic/ });
  await expect(history.getByRole('region', { name: 'Version 3' })).toContainText('Current');
  await expect(history.getByRole('region', { name: 'Version 1' })).toContainText('Built in');
  await expect(history.getByRole('region', { name: 'Version 2' })).toContainText(adminEmail);
  // Each version shows what it changed in the one before.
  const third = history.getByRole('region', { name: 'Version 3' });
  await expect(third).toContainText('− Use the colours of {company}.');
  await expect(third).toContainText('+ Keep it to five panels for {audience}.');
  await expect(third).toContainText(/… \d+ unchanged lines/);
  await shot(page, 'prompts-history');
  await history.getByRole('button', { name: 'Restore version 1' }).click();
  const confirmRestore = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(confirmRestore).toContainText('becomes version 4');
  await confirmRestore.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Updated', { exact: true }).first()).toBeVisible();
  await expect(history.getByRole('region', { name: 'Version 4' })).toContainText('Current');
  const fourth = history.getByRole('region', { name: 'Version 4' });
  await expect(fourth).toContainText('− Keep it to five panels for {audience}.');
  await fourth.getByText('Full text').click();
  await expect(fourth).toContainText(original.slice(0, 40));
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // A new prompt of the purpose takes over; retiring it hands the purpose back.
  await page.getByRole('button', { name: 'New prompt' }).click();
  const creator = page.getByRole('dialog', { name: 'New prompt' });
  await creator.getByRole('textbox', { name: 'Name' }).fill('Infographic, step by step');
  await creator.getByRole('combobox', { name: 'Purpose' }).click();
  await page.getByRole('option', { name: 'Infographic' }).click();
  await creator.getByRole('textbox', { name: 'Prompt text' }).fill('Plan an infographic of steps on ');
  await creator.getByRole('button', { name: 'Insert {topic}' }).click();
  await page.keyboard.type(' for ');
  await creator.getByRole('button', { name: 'Insert {audience}' }).click();
  await page.keyboard.type('.');
  await shot(page, 'prompts-new');
  await creator.getByRole('button', { name: 'Create prompt' }).click();
  await expect(page.getByText('Prompt created')).toBeVisible();
  await expect(creator).toBeHidden();
  await expect(row('Infographic, step by step')).toContainText('In use');
  await expect(row('Infographic')).toContainText('Available');

  await page.getByRole('button', { name: 'Retire Infographic, step by step' }).click();
  const confirmRetire = page.getByRole('dialog', { name: 'Retire this prompt?' });
  await expect(confirmRetire).toContainText('Infographic generation will use "Infographic" instead');
  await confirmRetire.getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Prompt retired')).toBeVisible();
  await expect(row('Infographic, step by step')).toHaveCount(0);
  await expect(row('Infographic')).toContainText('In use');
  const prompts = (await (await request.get('/api/prompts', { headers })).json()) as {
    data: { promptname: string }[];
  };
  expect(prompts.data.map((prompt) => prompt.promptname)).not.toContain('Infographic, step by step');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Retired' }).click();
  await expect(row('Infographic, step by step')).toContainText('Retired');
  await shot(page, 'prompts-retired');
  // The built-in is now the only one in service: the page says it cannot be retired.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  await expect(
    page.getByRole('button', { name: 'Retire Infographic (the only one of its purpose in service)' }),
  ).toBeVisible();
});

test('Prompts Management is for admins only', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'noprompts', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/promptsmanagement');
  await expect(page.getByRole('heading', { name: 'Page Not Found!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Prompts Management', exact: true })).toHaveCount(0);

  const login = await request.post('/api/loginv2', {
    data: { email: user.email, password: user.password, captcha_token: '' },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  expect((await request.get('/api/admin/prompts', { headers })).status()).toBe(403);
  const names = (await (await request.get('/api/prompts', { headers })).json()) as {
    data: { promptname: string; prompttext: string }[];
  };
  expect(names.data.map((prompt) => prompt.promptname)).toContain('Blog post');
  expect(names.data.every((prompt) => prompt.prompttext === '')).toBe(true);
});
