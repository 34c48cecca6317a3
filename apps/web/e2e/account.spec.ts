import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { addWebsite, logIn, logOut, PASSWORD, signUp, uniqueEmail } from './support/journeys';

test('a new person signs up, verifies, adds a website, logs out and back in', async ({ page }) => {
  const email = uniqueEmail('journey');
  await signUp(page, email);
  await addWebsite(page, e2eEnv().siteUrl);

  // The site named the company, so the greeting uses it.
  await expect(page.getByText('Welcome back, Acme Rockets!')).toBeVisible();
  await expect(page.getByRole('link', { name: /Blogs/ }).first()).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await logOut(page);
  await expect(page.getByText('Get Future Ready')).toBeVisible();

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a site that cannot be scanned keeps what was typed, and Skip for now goes on for good', async ({
  page,
}) => {
  const email = uniqueEmail('skip');
  await signUp(page, email);
  const field = page.getByLabel('Website URL');
  // 127.0.0.1:9 is not allow-listed: the server refuses to read it, like any site it cannot scan.
  await field.fill('http://127.0.0.1:9/');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/We cannot read http:\/\/127\.0\.0\.1:9\//)).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveValue('http://127.0.0.1:9/');
  await expect(page).toHaveURL(/\/website$/);

  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Not added yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your website' })).toBeVisible();

  // The choice is the server's: the next sign-in goes to the app, not back to /website.
  await logOut(page);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the dashboard and the plan page log no errors to the console', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const { email } = await createAccount(request, { prefix: 'console', website: e2eEnv().siteUrl });
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Acme Rockets').first()).toBeVisible();
  await page.goto('/plan');
  await expect(page.getByRole('heading', { name: 'Current Plan' })).toBeVisible();
  await expect(page.getByText('Plan limits')).toBeVisible();
  expect(errors).toEqual([]);
});

test("a wrong password shows the server's message", async ({ page, request }) => {
  const email = uniqueEmail('wrong');
  const answer = await request.post('/api/loginv2', {
    data: { email, password: 'Not-the-password1', captcha_token: '' },
  });
  const { message } = (await answer.json()) as { message: string };

  await logIn(page, email, 'Not-the-password1');
  await expect(page.getByText(message)).toBeVisible();
  await expect(page).toHaveURL(/\/loginpage$/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('sign-up refuses a weak password and keeps Next disabled until the input changes', async ({ page }) => {
  await page.goto('/registerPage');
  await page.getByPlaceholder('you@company.com').fill(uniqueEmail('weak'));
  await page.getByPlaceholder('Create a password').fill('weakpass');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Password is not valid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByPlaceholder('Create a password').fill('Weakpass1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('an unknown path shows "Page Not Found!"', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found!' })).toBeVisible();
});

test('a protected page without a session goes to /registerPage', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/registerPage$/);
});

test('the public screens link to each other', async ({ page }) => {
  await page.goto('/registerPage');
  await expect(page.getByText('Get Future Ready')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/loginPage$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    'https://policies.google.com/privacy',
  );
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/getotp$/);
  await page.goto('/password');
  await expect(page.getByRole('link', { name: 'Send me a code' })).toBeVisible();
});
