import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { enterCode, logIn } from './support/journeys';
import { codeFromMail } from './support/outbox';

test('forgot password: code from the mail, new password, sign in with it', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'forgot', website: e2eEnv().siteUrl });
  const newPassword = 'Brand-New-Pass9';

  await page.goto('/loginpage');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/getotp$/);
  await page.getByPlaceholder('you@company.com').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/changepassword$/);

  // The new password first, then the code: its sixth digit sends the form (no "Change Password" click).
  // Mail #0 was the sign-up code; #1 is the reset code.
  await page.getByLabel('New password', { exact: false }).first().fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await enterCode(page, await codeFromMail(user.email, 1));
  await expect(page).toHaveURL(/\/loginpage$/);

  await logIn(page, user.email, newPassword);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
