import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

/** A gradient photo of its own (new bytes each run, so the upload is never "already uploaded"). */
const backgroundPicture = async (): Promise<Buffer> => {
  const seed = randomBytes(3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#${seed.toString('hex')}"/><stop offset="1" stop-color="#0B3B2E"/>
    </linearGradient></defs>
    <rect width="1200" height="1200" fill="url(#g)"/>
    <circle cx="900" cy="300" r="220" fill="#FBBF24" opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
};

/**
 * Upload and Infographic Management: an admin uploads a background, creates a theme with it while the
 * live preview draws it, saves it, and the theme is offered to users (GET /api/infographic-themes).
 */
test('an admin uploads a background and creates a theme with it from its live preview', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { adminEmail, adminPassword } = e2eEnv();
  const suffix = randomBytes(3).toString('hex');
  const fileName = `harbour-${suffix}.jpg`;
  const themeName = `Harbour ${suffix}`;
  await logIn(page, adminEmail, adminPassword);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/upload$/);
  await expect(page.getByRole('heading', { name: 'Upload', exact: true })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'image/jpeg', buffer: await backgroundPicture() });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: fileName });
  await expect(card).toBeVisible();
  await expect(card.getByText('1200 × 1200', { exact: false })).toBeVisible();
  await expect(card.getByText('Not used by a theme')).toBeVisible();
  await expect(card.getByRole('img', { name: fileName })).toBeVisible();
  await shot(page, 'design-assets-upload');

  await page.getByRole('link', { name: 'Infographics', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/infographicmanagement$/);
  await expect(page.getByRole('heading', { name: 'Infographic Management', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Midnight Cards' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of Forest Quote' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'infographic-management-cards');

  await page.getByRole('button', { name: 'New theme' }).click();
  const drawer = page.getByRole('dialog', { name: 'New theme' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('img', { name: 'Live preview of the design' })).toBeVisible({
    timeout: 20_000,
  });
  await drawer.getByRole('textbox', { name: 'Theme name' }).fill(themeName);
  await drawer.getByRole('combobox', { name: 'Layout' }).click();
  await page.getByRole('option', { name: 'Quote' }).click();
  await drawer.getByRole('combobox', { name: 'Background picture' }).click();
  await page.getByRole('option', { name: new RegExp(fileName) }).click();
  await drawer.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: 'Landscape 1200 × 628' }).click();
  // The picture shows at 40% through the background colour (keyboard: End, then 12 steps of 5 down).
  const opacity = drawer.getByRole('slider');
  await opacity.focus();
  for (let step = 0; step < 12; step++) await page.keyboard.press('ArrowLeft');
  await expect(drawer.getByText('40%', { exact: true })).toBeVisible();
  const accent = drawer.getByRole('textbox', { name: 'Accent' });
  await accent.fill('#F97316');
  await accent.press('Enter');
  // A headline too long for the design size: the preview says it was made smaller, never clips it.
  await drawer
    .getByRole('textbox', { name: 'Headline' })
    .fill('Every harbour town we worked with published twice as often once the calendar lived in one place');
  await expect(drawer.getByText(/The text was drawn at \d+% of the design's size to fit\./)).toBeVisible({
    timeout: 20_000,
  });
  await expect(drawer.getByRole('img', { name: 'Live preview of the design' })).toBeVisible();
  await shot(page, 'infographic-theme-editor');
  await drawer.getByRole('button', { name: 'Create theme' }).click();
  await expect(page.getByText('Theme created', { exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  const created = page.getByRole('article', { name: themeName });
  await expect(created).toBeVisible();
  await expect(created.getByRole('img', { name: `Preview of ${themeName}` })).toBeVisible({
    timeout: 20_000,
  });
  await shot(page, 'infographic-management-created');

  // Offered to users, and its background is now in use (so it cannot be deleted).
  const login = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const offered = (await (await request.get('/api/infographic-themes', { headers })).json()) as {
    themes: { id: number; name: string; layout: string }[];
  };
  expect(offered.themes.find((theme) => theme.name === themeName)).toMatchObject({ layout: 'quote' });
  await page.getByRole('link', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('article', { name: fileName }).getByText(`Used by ${themeName}`)).toBeVisible();

  // Retire it again, so other journeys see the built-in themes only.
  await page.getByRole('link', { name: 'Infographics', exact: true }).click();
  await page.getByRole('button', { name: `Retire ${themeName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Theme retired', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: themeName }).getByText('Retired')).toBeVisible();
});
