import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';

test('the admin logs in, lands on /admin and manages users', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'managed' });
  const { adminEmail, adminPassword } = e2eEnv();

  await logIn(page, adminEmail, adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'User Management', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'User Management', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/usersmanagement$/);
  // Any part of the address, in any letter case (here from its middle).
  await page.getByPlaceholder('Search Users').fill(user.email.slice(3, 16).toUpperCase());
  const active = page.getByRole('switch', { name: `Active: ${user.email}` });
  // The search runs after a 300 ms pause: wait for its answer, so it cannot land after the switch flips.
  await expect(page.getByRole('switch', { name: /^Active: / })).toHaveCount(1);
  await expect(active).toBeChecked();
  await active.click({ force: true });
  const confirm = page.getByRole('dialog', { name: 'Deactivate this account?' });
  await expect(confirm).toContainText(user.email);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(active).toBeChecked();

  await active.click({ force: true });
  await page
    .getByRole('dialog', { name: 'Deactivate this account?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  const deactivated = page.getByText(`${user.email} is deactivated and signed out`);
  await expect(deactivated).toBeVisible();
  await expect(active).not.toBeChecked();
  // The toast sits over the top right of the page (the first row's switch) until it closes by itself.
  await expect(deactivated).toBeHidden();

  await active.click({ force: true });
  await expect(page.getByText(`${user.email} is active again and can sign in`)).toBeVisible();
  await expect(active).toBeChecked();

  // "/" is the user dashboard: admins are sent to /admin.
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
});

test('a deactivated account sees the activation pop-up', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'inactive', website: e2eEnv().siteUrl });
  const { adminEmail, adminPassword } = e2eEnv();
  const admin = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  const { access_token } = (await admin.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const list = await request.get('/api/admin/users', { headers, params: { query: user.email } });
  const { users } = (await list.json()) as { users: { id: string }[] };
  await request.put('/api/admin/set_user_active', { headers, data: { id: users[0]?.id, is_active: false } });

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('dialog', { name: 'Your account is not active' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/registerPage$/);
});

test('a non-admin visiting /admin/usersmanagement gets "Page Not Found!"', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'nonadmin', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/usersmanagement');
  await expect(page.getByRole('heading', { name: 'Page Not Found!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'User Management', exact: true })).toHaveCount(0);
});
