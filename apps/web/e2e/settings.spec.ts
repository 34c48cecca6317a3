import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';

test('a changed company name is kept after a reload', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'settings', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue(user.email);
  await page.getByLabel('Company name').fill('Acme Rockets Ltd');
  await page.getByLabel('Company name').press('Enter');
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Rockets Ltd');
  await page.goto('/');
  await expect(page.getByText('Welcome back, Acme Rockets Ltd!')).toBeVisible();
});
