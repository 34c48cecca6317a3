import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { startSession } from '../src/modules/auth/start-session';
import { PASSWORD, type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

// The signed-in caller is cached per process (src/http/caller-cache.ts). Each case first proves the
// caller is served from the cache, then ends access and expects the very next request to be refused.
const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
let h: Harness;
let other: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock } });
  // A second app on the same database, as a second API process would be.
  other = await startHarness({ deps: { clock }, role: 'api', database: h.database });
});
afterAll(async () => {
  await other.close();
  await h.close();
});

const me = (app: Harness, token: string) => app.call('GET', '/api/me', { token });
const sessionOf = async (token: string) => (await h.deps.tokens.verify(token, clock.now())).sessionId;

/** Signs in through the app and checks the caller is then kept by its cache. */
const cached = async (app: Harness, token: string): Promise<string> => {
  expect((await me(app, token)).statusCode).toBe(200);
  const sessionId = await sessionOf(token);
  expect(app.deps.callers.get(sessionId)?.sessionId).toBe(sessionId);
  return sessionId;
};

const expectRefused = async (app: Harness, token: string, error: string) => {
  const res = await me(app, token);
  expect(res.statusCode).toBe(401);
  expect(res.json().error).toBe(error);
};

describe('the caller cache', () => {
  it('keeps a signed-in caller, so repeated calls skip the lookup', async () => {
    const { accessToken } = await seedUser(h);
    const sessionId = await cached(h, accessToken);
    expect((await me(h, accessToken)).json().email).toBe(h.deps.callers.get(sessionId)?.user.email);
  });

  it('a logout ends access on the next request', async () => {
    const { accessToken } = await seedUser(h);
    await cached(h, accessToken);
    expect((await h.call('POST', '/api/logout', { token: accessToken })).statusCode).toBe(200);
    await expectRefused(h, accessToken, 'token_revoked');
  });

  it('a deactivation ends access on the next request', async () => {
    const admin = await seedUser(h, { admin: true });
    const { user, accessToken } = await seedUser(h);
    await cached(h, accessToken);
    const res = await h.call('PUT', '/api/admin/set_user_active', {
      token: admin.accessToken,
      body: { id: user.id, is_active: false },
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(h, accessToken, 'token_revoked');
  });

  it('a password change ends the other sessions on their next request and updates this one', async () => {
    const seeded = await seedUser(h);
    const second = await startSession(h.deps, seeded.user, { ip: '127.0.0.1', userAgent: 'vitest' });
    await cached(h, seeded.accessToken);
    await cached(h, second.accessToken);
    const change = (oldPassword: string, newPassword: string) =>
      h.call('POST', '/api/change_password', {
        token: seeded.accessToken,
        body: { old_password: oldPassword, new_password: newPassword },
      });
    expect((await change(PASSWORD, 'Rainy-Day22')).statusCode).toBe(200);
    await expectRefused(h, second.accessToken, 'token_revoked');
    // This session goes on, and checks the next change against the new password, not a cached hash.
    expect((await change('Rainy-Day22', 'Windy-Day33')).statusCode).toBe(200);
  });

  it('reusing a refresh token ends the session on the next request', async () => {
    const { refreshToken } = await seedUser(h);
    const rotated = await h.call('POST', '/api/refresh', { token: refreshToken });
    const { access_token } = rotated.json();
    await cached(h, access_token);
    expect((await h.call('POST', '/api/refresh', { token: refreshToken })).statusCode).toBe(401);
    await expectRefused(h, access_token, 'token_revoked');
  });

  it('a profile change shows at once', async () => {
    const { accessToken } = await seedUser(h);
    await cached(h, accessToken);
    const res = await h.call('PUT', '/api/me', { token: accessToken, body: { companyName: 'Acme Ltd' } });
    expect(res.statusCode).toBe(200);
    expect((await me(h, accessToken)).json().companyName).toBe('Acme Ltd');
  });
});

describe('several app processes on one database', () => {
  const cachedByBoth = async (user: SeededUser) => {
    await cached(h, user.accessToken);
    return cached(other, user.accessToken);
  };

  it("another process's logout reaches this process's cache", async () => {
    const user = await seedUser(h);
    const sessionId = await cachedByBoth(user);
    expect((await h.call('POST', '/api/logout', { token: user.accessToken })).statusCode).toBe(200);
    // On PostgreSQL the notification comes over the other process's listening connection after commit.
    await vi.waitFor(() => expect(other.deps.callers.get(sessionId)).toBeUndefined());
    await expectRefused(other, user.accessToken, 'token_revoked');
  });

  it('a change written by any code (not the app) reaches every cache', async () => {
    const user = await seedUser(h);
    const sessionId = await cachedByBoth(user);
    await h.deps.db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
    await vi.waitFor(() => {
      expect(h.deps.callers.get(sessionId)).toBeUndefined();
      expect(other.deps.callers.get(sessionId)).toBeUndefined();
    });
    await expectRefused(h, user.accessToken, 'token_revoked');
    await expectRefused(other, user.accessToken, 'token_revoked');
  });
});
