import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/core/clock';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock } });
});
afterAll(() => h.close());

const refresh = (token: string) => h.call('POST', '/api/refresh', { token });
const me = (token: string) => h.call('GET', '/api/me', { token });

describe('POST /api/loginv2', () => {
  it('answers exactly the spec login fields', async () => {
    const { email, password } = await seedUser(h, { websiteCheck: true });
    const res = await h.call('POST', '/api/loginv2', {
      body: { email: email.toUpperCase(), password, captcha_token: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_admin: false, is_active: [true], website_check: true, credits: 0 });
    expect((await me(res.json().access_token)).statusCode).toBe(200);
  });

  it('answers the same for a wrong password and an unknown address', async () => {
    const { email } = await seedUser(h);
    const wrong = await h.call('POST', '/api/loginv2', {
      body: { email, password: 'Wrong-Pass1', captcha_token: '' },
    });
    const unknown = await h.call('POST', '/api/loginv2', {
      body: { email: 'nobody@example.com', password: 'Wrong-Pass1', captcha_token: '' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_credentials', message: 'Incorrect email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('sends an unverified account to verification with a fresh code', async () => {
    const { email, password } = await seedUser(h, { verified: false });
    const res = await h.call('POST', '/api/loginv2', { body: { email, password, captcha_token: '' } });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.error).toBe('not_verified');
    const verified = await h.call('POST', '/api/verify_otp', {
      body: { token: body.token, otp: await h.latestCode(email) },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('counts only wrong passwords against the account: a person who signs in often is never locked out', async () => {
    const { email, password } = await seedUser(h);
    for (let i = 0; i < 12; i++) {
      const ip = `198.51.100.${100 + i}`;
      const ok = await h.call('POST', '/api/loginv2', { body: { email, password, captcha_token: '' }, ip });
      expect(ok.statusCode).toBe(200);
    }
    for (let i = 0; i < 9; i++) {
      await h.call('POST', '/api/loginv2', { body: { email, password: 'Wrong-Pass1', captcha_token: '' } });
    }
    expect(
      (await h.call('POST', '/api/loginv2', { body: { email, password, captcha_token: '' } })).statusCode,
    ).toBe(200);
  });

  it('throttles attempts per account and per address with Retry-After', async () => {
    const { email, password } = await seedUser(h);
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await h.call('POST', '/api/loginv2', {
            body: { email, password: 'Wrong-Pass1', captcha_token: '' },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await h.call('POST', '/api/loginv2', { body: { email, password, captcha_token: '' } });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    clock.advance(15 * 60 * 1000);
    const later = await h.call('POST', '/api/loginv2', { body: { email, password, captcha_token: '' } });
    expect(later.statusCode).toBe(200);

    const ip = '198.51.100.7';
    const perAddress = [];
    for (let i = 0; i < 51; i++) {
      perAddress.push(
        (
          await h.call('POST', '/api/loginv2', {
            body: { email: `x${i}@example.com`, password: 'Wrong-Pass1', captcha_token: '' },
            ip,
          })
        ).statusCode,
      );
    }
    expect(perAddress.at(-1)).toBe(429);
  });
});

describe('access and refresh tokens', () => {
  it('rejects missing, garbage and expired access tokens with the spec codes', async () => {
    expect((await h.call('GET', '/api/me')).json().error).toBe('invalid_token');
    const garbage = await me('not.a.jwt');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error).toBe('invalid_token');
    const { accessToken } = await seedUser(h);
    clock.advance(h.config.accessTokenTtlSeconds * 1000 + 1000);
    const expired = await me(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('token_expired');
  });

  it('rotates refresh tokens; reusing one revokes the whole family', async () => {
    const { refreshToken } = await seedUser(h);
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const { access_token, refresh_token } = first.json();
    expect(refresh_token).not.toBe(refreshToken);
    expect((await me(access_token)).statusCode).toBe(200);

    const reuse = await refresh(refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe('token_revoked');
    // The thief's reuse ended the family: the newest tokens stop too.
    expect((await refresh(refresh_token)).json().error).toBe('token_revoked');
    expect((await me(access_token)).json().error).toBe('token_revoked');
  });

  it('answers invalid_token for an unknown refresh token and token_expired for an old one', async () => {
    expect((await refresh('made-up')).json().error).toBe('invalid_token');
    expect((await h.call('POST', '/api/refresh')).json().error).toBe('invalid_token');
    const { refreshToken } = await seedUser(h);
    clock.advance(h.config.refreshTokenTtlDays * 86_400_000 + 1000);
    expect((await refresh(refreshToken)).json().error).toBe('token_expired');
  });

  it('logout ends the session: its access and refresh tokens stop at once', async () => {
    const { accessToken, refreshToken } = await seedUser(h);
    const out = await h.call('POST', '/api/logout', { token: accessToken });
    expect(out.json()).toEqual({ message: 'Logged out' });
    expect((await me(accessToken)).json().error).toBe('token_revoked');
    expect((await refresh(refreshToken)).json().error).toBe('token_revoked');
  });

  it('a logout ends only its own session', async () => {
    const seeded = await seedUser(h);
    const other = await h.call('POST', '/api/loginv2', {
      body: { email: seeded.email, password: seeded.password, captcha_token: '' },
    });
    await h.call('POST', '/api/logout', { token: seeded.accessToken });
    expect((await me(other.json().access_token)).statusCode).toBe(200);
  });
});
