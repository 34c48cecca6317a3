import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** Signs in through the API and connects LinkedIn (the sandbox takes any li_at); answers the headers. */
export const signInWithLinkedIn = async (
  request: APIRequestContext,
  email: string,
  password: string,
  liAt: string,
): Promise<{ Authorization: string }> => {
  const login = await request.post('/api/loginv2', { data: { email, password, captcha_token: '' } });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const cookie = await request.post('/api/linkedinAI/store_cookie', { headers, data: { li_at: liAt } });
  expect(cookie.status()).toBe(200);
  return headers;
};
