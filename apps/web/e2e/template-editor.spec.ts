import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const THEME = 'Coral Figure';

const openEditor = async (page: Page, theme: string) => {
  const card = page.getByRole('article', { name: theme });
  await card.getByRole('button', { name: `Menu of ${theme}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: `Template Editor: ${theme}` });
  await expect(editor).toBeVisible();
  return editor;
};

/**
 * Infographic Management 2: the built-in theme cards, the Template Editor's validation and Save, and the
 * saved prompt id after a reload. The journey leaves the theme as it found it (Text Post: current prompt).
 */
test('an admin sets a theme’s Text Post prompt in the Template Editor', async ({ page }) => {
  test.setTimeout(120_000);
  const { adminEmail, adminPassword } = e2eEnv();
  await logIn(page, adminEmail, adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Infographic Management 2', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/infographic2$/);
  await expect(page.getByRole('heading', { name: 'Infographic Management 2' })).toBeVisible();
  for (const name of ['Midnight Cards', 'Paper List', 'Forest Quote', THEME]) {
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Theme id = \d+$/)).toBeVisible();
  }
  // The preview pictures load (or the placeholder shows) before the screenshot.
  await expect(page.getByRole('img', { name: `Preview of ${THEME}` })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'infographic2-cards');

  const editor = await openEditor(page, THEME);
  const textPost = editor.getByRole('textbox', { name: 'Text Post Prompt Id' });
  const save = editor.getByRole('button', { name: 'Save' });
  await expect(textPost).toHaveValue('');
  await expect(save).toBeDisabled();
  await expect(editor.getByRole('list', { name: 'Prompts' })).toContainText('Social media post');

  await textPost.fill('12a');
  await expect(editor.getByText('Please enter valid number')).toBeVisible();
  await expect(save).toBeDisabled();
  await shot(page, 'template-editor-invalid');

  // The prompt id of the built-in Social media post prompt, as the editor's list shows it.
  const item = editor
    .getByRole('listitem')
    .filter({ has: page.getByText('Social media post', { exact: true }) });
  const idText = await item.getByText(/^Prompt id = \d+$/).textContent();
  const promptId = idText?.replace('Prompt id = ', '') ?? '';
  expect(promptId).toMatch(/^\d+$/);
  await textPost.fill(promptId);
  await expect(editor.getByText('Please enter valid number')).toBeHidden();
  await expect(editor.getByText('"Social media post"')).toBeVisible();
  await expect(save).toBeEnabled();
  await shot(page, 'template-editor-valid');
  await save.click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await expect(editor).toBeHidden();

  await page.reload();
  await expect(page.getByRole('article', { name: THEME })).toContainText(`Text Post: ${promptId}`);
  const again = await openEditor(page, THEME);
  await expect(again.getByRole('textbox', { name: 'Text Post Prompt Id' })).toHaveValue(promptId);

  // A prompt of another purpose is refused by the server with its reason under the spec's message.
  const blogItem = again.getByRole('listitem').filter({ has: page.getByText('Blog post', { exact: true }) });
  const blogId = ((await blogItem.getByText(/^Prompt id = \d+$/).textContent()) ?? '').replace(
    'Prompt id = ',
    '',
  );
  await again.getByRole('textbox', { name: 'Image Prompt Id' }).fill(blogId);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Error updating templates')).toBeVisible();
  await expect(
    page.getByText(/is a Blog post prompt; the Image prompt must be a Social image prompt$/),
  ).toBeVisible();
  await shot(page, 'template-editor-refused');

  // Back as it was: both boxes empty, saved with the keyboard.
  await again.getByRole('textbox', { name: 'Image Prompt Id' }).fill('');
  await again.getByRole('textbox', { name: 'Text Post Prompt Id' }).fill('');
  await page.keyboard.press('Enter');
  await expect(again).toBeHidden();
  await expect(page.getByRole('article', { name: THEME })).toContainText('Text Post: current');
});

test('an admin imports templates from CSV after checking the file', async ({ page }) => {
  test.setTimeout(120_000);
  const { adminEmail, adminPassword } = e2eEnv();
  await logIn(page, adminEmail, adminPassword);
  await page.getByRole('link', { name: 'Upload CSV', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/uploadcsv$/);
  await expect(page.getByRole('heading', { name: 'Upload CSV' })).toBeVisible();
  await shot(page, 'upload-csv-empty');

  // Prompts: a file with bad lines is verified, its errors listed by line, and cannot be saved.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'prompts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'promptname,purpose,prompttext\r\nFine prompt,chat,Help {company}\r\nOdd prompt,tweets,Text\r\n,chat,\r\n',
    ),
  });
  await expect(page.getByRole('status').filter({ hasText: 'errors' })).toContainText(
    '3 errors: nothing will be saved until every line is correct',
  );
  const errors = page.getByRole('list', { name: 'Line errors' });
  await expect(errors).toContainText('line 3: purpose must be one of');
  await expect(errors).toContainText('line 4: promptname: Give the prompt a name');
  await expect(page.getByRole('button', { name: /^Save/ })).toBeDisabled();
  await shot(page, 'upload-csv-errors');

  // Templates: a good file shows its rows, then Save imports them all.
  await page.getByRole('button', { name: 'Remove file' }).click();
  await page.getByText('Templates', { exact: true }).click();
  const suffix = randomBytes(3).toString('hex');
  const names = [`Sunset cards ${suffix}`, `Ink quote ${suffix}`];
  await fileInput.setInputFiles({
    name: 'templates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'theme,layout,size,background,surface,text,accent,muted',
        `${names[0]},cards,1080x1080,#FFF7ED,#FFFFFF,#431407,#EA580C,#9A3412`,
        `${names[1]},quote,1080x1350,#111827,#1F2937,#F9FAFB,#A78BFA,#9CA3AF`,
      ].join('\r\n'),
    ),
  });
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toHaveText('Ready: 2 to create');
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview).toContainText(names[0] as string);
  await expect(preview).toContainText('#A78BFA');
  await shot(page, 'upload-csv-verified');
  await page.getByRole('button', { name: 'Save 2 templates' }).click();
  await expect(page.getByText('Imported 2 templates', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 templates' })).toContainText(
    names[1] as string,
  );
  await shot(page, 'upload-csv-saved');

  // The new themes are cards in Infographic Management 2.
  await page.getByRole('link', { name: 'Infographic Management 2', exact: true }).click();
  for (const name of names) {
    await expect(page.getByRole('article', { name })).toContainText(/Theme id = \d+/);
  }
});
