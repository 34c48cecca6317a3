import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const login = (email: string, password: string) =>
  h.call('POST', '/api/loginv2', { body: { email, password, captcha_token: '' } });

describe('forgot and reset password', () => {
  it('mails a code, sets the new password and ends every session', async () => {
    const { email, accessToken, refreshToken } = await seedUser(h);
    const forgot = await h.call('POST', '/api/forgot_password', { body: { email, captcha_token: '' } });
    expect(forgot.statusCode).toBe(200);
    const { token } = forgot.json();
    const mail = (await h.mails(email)).at(-1);
    expect(mail?.subject).toContain('password reset code');

    const weak = await h.call('POST', '/api/reset_password', {
      body: { token, otp: await h.latestCode(email), password: 'weak' },
    });
    expect(weak.json()).toEqual({ error: 'validation_error', message: 'Password is not valid' });

    const reset = await h.call('POST', '/api/reset_password', {
      body: { token, otp: await h.latestCode(email), password: 'Brand-New2' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await h.call('GET', '/api/me', { token: accessToken })).json().error).toBe('token_revoked');
    expect((await h.call('POST', '/api/refresh', { token: refreshToken })).json().error).toBe(
      'token_revoked',
    );
    expect((await login(email, 'Brand-New2')).statusCode).toBe(200);
    expect((await login(email, 'Sunny-Day1')).statusCode).toBe(401);
  });

  it('answers alike for an unknown address and mails nothing', async () => {
    const before = (await h.mails()).length;
    const res = await h.call('POST', '/api/forgot_password', {
      body: { email: 'ghost@example.com', captcha_token: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[\w-]{40,}$/);
    expect((await h.mails()).length).toBe(before);
    const reset = await h.call('POST', '/api/reset_password', {
      body: { token: res.json().token, otp: '123456', password: 'Brand-New2' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toBe('invalid_code');
  });

  it('does not accept a sign-up code for a reset', async () => {
    const reg = await h.call('POST', '/api/register', {
      body: { email: 'mixed@example.com', password: 'Sunny-Day1', captcha_token: '' },
    });
    const reset = await h.call('POST', '/api/reset_password', {
      body: { token: reg.json().token, otp: await h.latestCode('mixed@example.com'), password: 'Brand-New2' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('throttles reset requests per account', async () => {
    const { email } = await seedUser(h);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await h.call('POST', '/api/forgot_password', { body: { email, captcha_token: '' } })).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('POST /api/change_password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const seeded = await seedUser(h);
    const other = (await login(seeded.email, seeded.password)).json();
    const wrong = await h.call('POST', '/api/change_password', {
      token: seeded.accessToken,
      body: { old_password: 'Not-It-1', new_password: 'Brand-New2' },
    });
    expect(wrong.json()).toEqual({ error: 'invalid_password', message: 'Current password is not correct' });
    const weak = await h.call('POST', '/api/change_password', {
      token: seeded.accessToken,
      body: { old_password: seeded.password, new_password: 'weakpass' },
    });
    expect(weak.json().message).toBe('Password is not valid');

    const ok = await h.call('POST', '/api/change_password', {
      token: seeded.accessToken,
      body: { old_password: seeded.password, new_password: 'Brand-New2' },
    });
    expect(ok.json()).toEqual({ message: 'Password changed' });
    expect((await h.call('GET', '/api/me', { token: seeded.accessToken })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/me', { token: other.access_token })).json().error).toBe(
      'token_revoked',
    );
    expect((await login(seeded.email, 'Brand-New2')).statusCode).toBe(200);
  });
});
