import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

const openSettings = async (page: import('@playwright/test').Page) => {
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
};

test('the brand profile read from the website is shown, corrected with the keyboard, and kept by a rescan', async ({
  page,
  request,
}) => {
  const site = `${e2eEnv().siteUrl}brightpipe`;
  const user = await createAccount(request, { prefix: 'brand', website: site });
  await logIn(page, user.email, user.password);
  await openSettings(page);

  const form = page.getByRole('form', { name: 'Brand profile' });
  await expect(form.getByLabel('Company')).toHaveValue('Brightpipe');
  await expect(form.getByLabel('What you offer')).toHaveValue(/^Brightpipe is the sales engagement platform/);
  await expect(form.getByLabel('Audience')).toHaveValue(/^B2B sales teams/);
  await expect(form.getByLabel('Tone of voice')).toHaveValue('Professional, Formal');
  await expect(form.getByText('sales engagement platform', { exact: true })).toBeVisible();
  await expect(page.getByText(/Website summary/)).toBeVisible();
  // The brand look read with it: the logo in the site's header, fetched with the session, and colours.
  const look = page.getByLabel('Brand look');
  await expect(look.getByRole('img', { name: 'Your logo' })).toBeVisible();
  expect(
    await look
      .getByRole('img', { name: 'Your logo' })
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
  ).toBeGreaterThan(100);
  await expect(look.getByRole('list', { name: 'Brand colours' }).getByRole('listitem')).not.toHaveCount(0);
  const save = form.getByRole('button', { name: 'Save brand profile' });
  await expect(save).toBeDisabled();
  await shot(page, 'brand-profile');

  // Markup is refused by the form, with the reason by the field.
  await form.getByLabel('What you offer').fill('We sell <b>robots</b>');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form.getByText('Use plain text, without HTML tags')).toBeVisible();
  await form.getByRole('button', { name: 'Undo changes' }).click();
  await expect(save).toBeDisabled();

  // Keyboard only: type the audience, add a key phrase with Enter, tab to Save and press it.
  await form.getByLabel('Audience').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Heads of sales at B2B software companies');
  await form.getByLabel('Key phrases').focus();
  await page.keyboard.type('outbound pipeline');
  await page.keyboard.press('Enter');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Brand profile saved')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(form.getByText('Edited')).toHaveCount(2);
  await shot(page, 'brand-profile-edited');

  // Scanning again refreshes the profile but keeps what the user wrote.
  await page.getByRole('button', { name: 'Scan again' }).click();
  await expect(page.getByText('Brightpipe scanned: your brand profile is up to date')).toBeVisible({
    timeout: 30_000,
  });
  await page.reload();
  await expect(form.getByLabel('Audience')).toHaveValue('Heads of sales at B2B software companies');
  await expect(form.getByText('outbound pipeline', { exact: true })).toBeVisible();
  await expect(form.getByLabel('What you offer')).toHaveValue(/^Brightpipe is the sales engagement platform/);
});

test('without a website, Settings invites to add one and then shows the profile', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'brand-none' });
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/website$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await openSettings(page);

  const invite = page.getByRole('form', { name: 'Add your website' });
  await expect(page.getByText(/Until then, content is written from your company name alone/)).toBeVisible();
  await shot(page, 'brand-profile-invite');
  await invite.getByRole('button', { name: 'Scan website' }).click();
  await expect(invite.getByText('Website URL is required')).toBeVisible();
  await invite.getByLabel('Website URL').fill(`${e2eEnv().siteUrl}brightpipe`);
  await invite.getByLabel('Website URL').press('Enter');
  await expect(page.getByText('Brightpipe scanned: your brand profile is up to date')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('form', { name: 'Brand profile' }).getByLabel('Company')).toHaveValue(
    'Brightpipe',
  );
});
