import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './journeys';
import { codeFromMail } from './outbox';

/**
 * A verified account made through the API (quicker than the screens, for tests about something
 * else). With `website`, the website step is done too, so a login lands on the dashboard. Premium unless
 * `plan` says Basic (for the plan limits' premium pop-up).
 */
export const createAccount = async (
  request: APIRequestContext,
  options: { prefix: string; website?: string; plan?: 'Basic' | 'Premium' },
): Promise<{ email: string; password: string }> => {
  const email = uniqueEmail(options.prefix);
  const registered = await request.post('/api/register', {
    data: { email, password: PASSWORD, captcha_token: '', subscription_type: options.plan ?? 'Premium' },
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
  return { email, password: PASSWORD };
};
