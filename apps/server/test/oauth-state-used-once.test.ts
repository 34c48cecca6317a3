import { createHash } from 'node:crypto';
import { INTEGRATION_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usedOAuthStates } from '../src/db/schema';
import { OAUTH_STATE_TTL_SECONDS } from '../src/lib/clients/publishing/oauth-state';
import { claimOAuthState } from '../src/lib/clients/publishing/used-oauth-states';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { linkedInConsent } from './support/platform-accounts';

// Two API processes on one database, as PostgreSQL deployments run them: a LinkedIn `state` used on one
// must be refused on the other. The second app reaches the same LinkedIn stand-in as the first, so a
// code from the first app's consent page is one it can exchange.
let h: Harness;
let other: Harness;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness({ engine: false });
  other = await startHarness({
    engine: false,
    role: 'api',
    database: h.database,
    deps: { publishing: h.deps.publishing },
  });
  user = await seedUser(h);
});
afterAll(async () => {
  await other.close();
  await h.close();
});

const connect = (app: Harness, code: string, state: string) =>
  app.call('POST', '/api/gentoken', {
    token: user.accessToken,
    body: { social_media: 'linkedin', user_access_token: code, state },
  });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the LinkedIn OAuth state is used once across API processes', () => {
  it('a state one process used is refused by the other, with a code LinkedIn would still take', async () => {
    const first = await linkedInConsent(h, user);
    const second = await linkedInConsent(h, user);
    expect((await connect(h, first.code, first.state)).statusCode).toBe(200);

    const replayed = await connect(other, second.code, first.state);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(INTEGRATION_MESSAGES.linkedinConnectError);
    // The refusal was the state's: the same fresh code with its own state connects on that process.
    expect((await connect(other, second.code, second.state)).statusCode).toBe(200);
    // And the first process refuses the second state now.
    expect((await connect(h, second.code, second.state)).statusCode).toBe(400);
  });

  it('keeps a hash of the state, never the state itself', async () => {
    const { code, state } = await linkedInConsent(h, user);
    expect((await connect(other, code, state)).statusCode).toBe(200);
    const rows = await h.deps.db
      .select()
      .from(usedOAuthStates)
      .where(eq(usedOAuthStates.stateHash, sha256(state)));
    expect(rows).toHaveLength(1);
    const all = await h.deps.db.select().from(usedOAuthStates);
    expect(JSON.stringify(all)).not.toContain(state);
  });

  it('lets exactly one of two simultaneous claims through, one per process', async () => {
    const now = new Date();
    for (let i = 0; i < 10; i++) {
      const state = `race-${i}-${now.getTime()}`;
      const claims = await Promise.all([
        claimOAuthState(h.deps.db, state, now),
        claimOAuthState(other.deps.db, state, now),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });

  it('deletes the rows of states that can no longer be used on a later claim', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    expect(await claimOAuthState(h.deps.db, 'old-state', start)).toBe(true);
    const inTime = new Date(start.getTime() + OAUTH_STATE_TTL_SECONDS * 1000);
    expect(await claimOAuthState(other.deps.db, 'old-state', inTime)).toBe(false);
    const muchLater = new Date(start.getTime() + 24 * 3_600_000);
    expect(await claimOAuthState(other.deps.db, 'new-state', muchLater)).toBe(true);
    const old = await h.deps.db
      .select()
      .from(usedOAuthStates)
      .where(eq(usedOAuthStates.stateHash, sha256('old-state')));
    expect(old).toEqual([]);
  });
});
