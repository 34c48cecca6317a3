import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

/** The server's committed input fixtures: a real PDF, a JPEG with EXIF, a PNG. */
const FIXTURES = path.join(import.meta.dirname, '../../server/test/fixtures/inputs');
const fixture = (name: string) => path.join(FIXTURES, name);

test('inputs: paste and upload texts, upload images, view, rename and delete them', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'inputs', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The user menu's Inputs opens the overview, with nothing in it yet.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Inputs' }).click();
  await expect(page).toHaveURL(/\/inputs$/);
  await expect(page.getByRole('heading', { name: 'Inputs' })).toBeVisible();
  await expect(page.getByText('0 texts')).toBeVisible();
  await expect(page.getByText('0 images')).toBeVisible();
  await shot(page, 'inputs-overview-empty');

  // Uploaded texts: empty, then a pasted text.
  await page.getByRole('link', { name: /Uploaded texts/ }).click();
  await expect(page).toHaveURL(/\/inputs\/uploadedtexts$/);
  await expect(page.getByText('No texts yet')).toBeVisible();
  await page.getByRole('button', { name: 'Paste text' }).click();
  const pasteDialog = page.getByRole('dialog', { name: 'Paste a text' });
  await pasteDialog.getByRole('button', { name: 'Save text' }).click();
  await expect(pasteDialog.getByText('Give the text a name')).toBeVisible();
  await pasteDialog.getByLabel('Name').fill('Brand voice');
  await pasteDialog
    .getByLabel('Text')
    .fill('We write plainly.\nShort sentences, concrete numbers, no buzzwords.\nAlways end with a question.');
  await expect(pasteDialog.getByText(/^9\d \/ 200,000 characters$/)).toBeVisible();
  await shot(page, 'inputs-paste-dialog');
  await pasteDialog.getByRole('button', { name: 'Save text' }).click();
  await expect(page.getByText('Text Saved')).toBeVisible();
  await expect(pasteDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Brand voice', exact: true })).toBeVisible();

  // Upload a real PDF through the drop zone; its text is read on the server.
  await page.locator('input[type="file"]').setInputFiles(fixture('brochure.pdf'));
  await expect(page.getByText('File Uploaded')).toBeVisible({ timeout: 20_000 });
  const pdfRow = page.getByRole('row').filter({ hasText: 'brochure.pdf' });
  await expect(pdfRow.getByText('PDF', { exact: true })).toBeVisible();
  await expect(pdfRow.getByText(/Acme Analytics brochure/)).toBeVisible();

  // A PNG disguised as a PDF is refused by its content, with the reason.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: await readFile(fixture('logo.png')),
  });
  await expect(page.getByText("Can't upload report.pdf")).toBeVisible();
  await expect(page.getByText(/this file is a PNG image/)).toBeVisible();
  await shot(page, 'inputs-texts-list');

  // Read the PDF's text.
  await page.getByRole('button', { name: 'brochure.pdf', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'brochure.pdf' });
  await expect(viewer.getByText(/Teams of five start at 99 dollars a month\./)).toBeVisible();
  await shot(page, 'inputs-text-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Rename it.
  await pdfRow.getByRole('button', { name: 'Actions for brochure.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename' });
  await renameDialog.getByLabel('Name').fill('Acme brochure');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Input Renamed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acme brochure', exact: true })).toBeVisible();

  // Delete the pasted text, after confirming.
  await page.getByRole('button', { name: 'Actions for Brand voice' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Delete "Brand voice"?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Input Deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Brand voice', exact: true })).toBeHidden();

  // Uploaded images: two pictures at once, shown as thumbnails fetched with the session's token.
  await page.getByRole('tab', { name: /Uploaded images/ }).click();
  await expect(page).toHaveURL(/\/inputs\/uploadedimages$/);
  await expect(page.getByText('No images yet')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles([fixture('photo.jpg'), fixture('logo.png')]);
  await expect(page.getByText('2 of 2 files uploaded')).toBeVisible({ timeout: 20_000 });
  const thumbnails = page.getByRole('button', { name: /^Preview / }).locator('img');
  await expect(thumbnails).toHaveCount(2);
  for (const thumbnail of await thumbnails.all()) {
    await expect(thumbnail).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  // The photo stood on its side (EXIF orientation 6): it is kept upright, 480 × 640.
  await expect(page.getByText('JPEG · 480×640')).toBeVisible();
  await shot(page, 'inputs-images-grid');

  await page.getByRole('button', { name: 'Preview photo.jpg' }).click();
  const preview = page.getByRole('dialog', { name: 'photo.jpg' });
  await expect(preview.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalHeight))
    .toBe(640);
  await shot(page, 'inputs-image-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: 'Actions for logo.png' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Input Deleted')).toBeVisible();
  await expect(thumbnails).toHaveCount(1);

  // Back on the overview, the counts follow.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/inputs$/);
  await expect(page.getByText('1 text', { exact: true })).toBeVisible();
  await expect(page.getByText('1 image', { exact: true })).toBeVisible();
  await shot(page, 'inputs-overview');
});
