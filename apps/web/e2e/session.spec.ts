import type { Page } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';

const SESSION_KEY = 'sales-assist.session';

const patchSession = (page: Page, patch: Record<string, string>) =>
  page.evaluate(
    ([key, values]) => {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, ...values }));
    },
    [SESSION_KEY, patch] as const,
  );

test('a rejected access token is refreshed and the call retried', async ({ page, request }) => {
  const user = await createAccount(request, { prefix: 'refresh', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await patchSession(page, { accessToken: 'not-a-valid-token' });
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/refresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByText('Welcome back, Acme Rockets!')).toBeVisible();
  const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  expect(session).not.toContain('not-a-valid-token');
});

test('when the refresh fails too, the session ends and the visitor goes to /registerPage', async ({
  page,
  request,
}) => {
  const user = await createAccount(request, { prefix: 'expired', website: e2eEnv().siteUrl });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await patchSession(page, { accessToken: 'not-a-valid-token', refreshToken: 'not-valid-either' });
  await page.reload();
  await expect(page).toHaveURL(/\/registerPage$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});
