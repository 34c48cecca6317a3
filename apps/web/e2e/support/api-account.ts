import { type APIRequestContext, expect } from '@playwright/test';
import { e2eEnv } from './e2e-env';
import { PASSWORD, uniqueEmail } from './journeys';
import { codeFromMail } from './outbox';

/** The e2e admin's access token (the global setup made the admin account). */
const adminToken = async (request: APIRequestContext): Promise<string> => {
  const { adminEmail, adminPassword } = e2eEnv();
  const login = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
};

/**
 * Gives an account a plan the way an admin does (PUT /api/admin/users/{id}/plan). A new account starts
 * on Basic: journeys about something else that need Premium's limits call this.
 */
export const setPlan = async (
  request: APIRequestContext,
  email: string,
  plan: 'Basic' | 'Premium',
): Promise<void> => {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const found = await request.get('/api/admin/users', { headers, params: { query: email, limit: 1 } });
  expect(found.status()).toBe(200);
  const { users } = (await found.json()) as { users: { id: string; email: string }[] };
  const user = users.find((candidate) => candidate.email === email);
  expect(user, `no account ${email}`).toBeDefined();
  const changed = await request.put(`/api/admin/users/${user?.id}/plan`, {
    headers,
    data: { subscription_type: plan },
  });
  expect(changed.status()).toBe(200);
};

/**
 * A verified account made through the API (quicker than the screens, for tests about something
 * else). With `website`, the website step is done too, so a login lands on the dashboard. Premium
 * (given by the admin) unless `plan` says Basic (for the plan limits' premium pop-up).
 */
export const createAccount = async (
  request: APIRequestContext,
  options: { prefix: string; website?: string; plan?: 'Basic' | 'Premium' },
): Promise<{ email: string; password: string }> => {
  const email = uniqueEmail(options.prefix);
  const registered = await request.post('/api/register', {
    data: { email, password: PASSWORD, captcha_token: '', subscription_type: 'Premium' },
  });
  expect(registered.status()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const verified = await request.post('/api/verify_otp', {
    data: { token, otp: await codeFromMail(email, 0) },
  });
  expect(verified.status()).toBe(200);
  const { access_token } = (await verified.json()) as { access_token: string };
  if (options.website) {
    const added = await request.post('/api/add_website', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: { email, website_url: options.website },
    });
    expect(added.status()).toBe(200);
  }
  if (options.plan !== 'Basic') await setPlan(request, email, 'Premium');
  return { email, password: PASSWORD };
};
