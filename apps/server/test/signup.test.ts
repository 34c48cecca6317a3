import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, otpCodes, users } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { type Harness, startHarness } from './support/harness';

const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock } });
});
afterAll(() => h.close());

const register = (email: string, password = 'Sunny-Day1', ip?: string) =>
  h.call('POST', '/api/register', {
    body: { email, password, captcha_token: '', subscription_type: 'Premium' },
    ip,
  });

describe('POST /api/register and /api/verify_otp', () => {
  it('creates an unverified account, mails a code, and the code signs the user in', async () => {
    const res = await register('New.User@Example.com');
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[\w-]{40,}$/);

    const [user] = await h.deps.db.select().from(users).where(eq(users.email, 'new.user@example.com'));
    expect(user?.isVerified).toBe(false);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mails = await h.mails('new.user@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('verification code');
    expect(mails[0]?.html).toContain(await h.latestCode('new.user@example.com'));

    const verified = await h.call('POST', '/api/verify_otp', {
      body: { token, otp: await h.latestCode('new.user@example.com') },
    });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'credits',
        'is_active',
        'is_admin',
        'refresh_token',
        'subscription_type',
        'website_check',
        'website_name',
        'website_url',
      ].sort(),
    );
    expect(body).toMatchObject({
      is_admin: false,
      is_active: [true],
      website_check: false,
      // Sign-up sends Premium (spec §6), but Premium is paid for: a new account starts on Basic.
      subscription_type: 'Basic',
      credits: h.config.signupCredits,
      website_url: null,
      website_name: null,
    });

    const me = await h.call('GET', '/api/me', { token: body.access_token });
    expect(me.json()).toMatchObject({
      email: 'new.user@example.com',
      isActive: true,
      companyName: 'Company Name',
    });
  });

  it('grants the starting credits once, through the ledger', async () => {
    const { token } = (await register('grant@example.com')).json();
    await h.call('POST', '/api/verify_otp', {
      body: { token, otp: await h.latestCode('grant@example.com') },
    });
    const forgot = await h.call('POST', '/api/forgot_password', {
      body: { email: 'grant@example.com', captcha_token: '' },
    });
    await h.call('POST', '/api/reset_password', {
      body: {
        token: forgot.json().token,
        otp: await h.latestCode('grant@example.com'),
        password: 'Brand-New2',
      },
    });
    const [user] = await h.deps.db.select().from(users).where(eq(users.email, 'grant@example.com'));
    const entries = await h.deps.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user?.id ?? ''));
    expect(entries.map((entry) => [entry.amount, entry.reason])).toEqual([[500, 'signup_grant']]);
    const login = await h.call('POST', '/api/loginv2', {
      body: { email: 'grant@example.com', password: 'Brand-New2', captcha_token: '' },
    });
    expect(login.json().credits).toBe(500);
  });

  it('enforces the password rule on the server with the spec message', async () => {
    for (const password of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsOrSymbols']) {
      const res = await register('rule@example.com', password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_error', message: 'Password is not valid' });
    }
    expect(await h.mails('rule@example.com')).toHaveLength(0);
  });

  it('names the field for malformed requests, and never answers 500 on bad JSON', async () => {
    const bad = await register('not-an-email');
    expect(bad.json()).toEqual({ error: 'validation_error', message: 'Please enter a valid email address' });
    const missing = await h.call('POST', '/api/register', { body: { password: 'Sunny-Day1' } });
    expect(missing.json().message).toBe('email is required');
    const garbage = await h.call('POST', '/api/register', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBe('bad_request');
  });

  it('refuses a second account on a verified address, and re-registering an unverified one replaces its password', async () => {
    const first = await register('twice@example.com', 'First-Pass1');
    await h.call('POST', '/api/verify_otp', {
      body: { token: first.json().token, otp: await h.latestCode('twice@example.com') },
    });
    const again = await register('twice@example.com', 'Other-Pass1');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('conflict');

    await register('pending@example.com', 'First-Pass1');
    const second = await register('pending@example.com', 'Second-Pass1');
    expect(second.statusCode).toBe(200);
    await h.call('POST', '/api/verify_otp', {
      body: { token: second.json().token, otp: await h.latestCode('pending@example.com') },
    });
    const login = await h.call('POST', '/api/loginv2', {
      body: { email: 'pending@example.com', password: 'Second-Pass1', captcha_token: '' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('counts wrong codes and kills the code after 5 tries, even for the right code', async () => {
    const { token } = (await register('guess@example.com')).json();
    const code = await h.latestCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await h.call('POST', '/api/verify_otp', { body: { token, otp: wrong } });
    expect(first.json()).toEqual({
      error: 'invalid_code',
      message: 'The code is not correct. 4 attempt(s) left.',
    });
    for (let i = 0; i < 4; i++) await h.call('POST', '/api/verify_otp', { body: { token, otp: wrong } });
    const dead = await h.call('POST', '/api/verify_otp', { body: { token, otp: code } });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toBe('This code can no longer be used. Please request a new code.');
  });

  it('expires codes after 10 minutes; resend mails a new one and the old one stops working', async () => {
    const { token } = (await register('late@example.com')).json();
    const oldCode = await h.latestCode('late@example.com');
    clock.advance(10 * 60 * 1000 + 1);
    const expired = await h.call('POST', '/api/verify_otp', { body: { token, otp: oldCode } });
    expect(expired.json().error).toBe('code_expired');

    const resend = await h.call('POST', '/api/resend_otp', { body: { token } });
    expect(resend.json()).toEqual({ message: 'OTP Sent!' });
    const newCode = await h.latestCode('late@example.com');
    expect(await h.mails('late@example.com')).toHaveLength(2);
    if (newCode !== oldCode) {
      const stale = await h.call('POST', '/api/verify_otp', { body: { token, otp: oldCode } });
      expect(stale.json().error).toBe('invalid_code');
    }
    const ok = await h.call('POST', '/api/verify_otp', { body: { token, otp: newCode } });
    expect(ok.statusCode).toBe(200);
    const reuse = await h.call('POST', '/api/verify_otp', { body: { token, otp: newCode } });
    expect(reuse.statusCode).toBe(400);
  });

  it('keeps only hashes of codes and challenge tokens', async () => {
    const { token } = (await register('hashed@example.com')).json();
    const code = await h.latestCode('hashed@example.com');
    const rows = await h.deps.db.select().from(otpCodes);
    for (const row of rows) {
      expect(row.challengeHash).not.toBe(token);
      expect(row.codeHash).not.toContain(code);
    }
  });

  it('limits code mails per account (429 with Retry-After)', async () => {
    const { token } = (await register('spam@example.com')).json();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await h.call('POST', '/api/resend_otp', { body: { token } })).statusCode);
    expect(answers.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(answers[4]).toBe(429);
    const limited = await h.call('POST', '/api/resend_otp', { body: { token } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toBe('rate_limited');
  });

  it('limits registrations per address', async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await register(`flood${i}@example.com`, 'Sunny-Day1', '203.0.113.9')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});
