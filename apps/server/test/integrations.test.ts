import { INTEGRATION_MESSAGES } from '@sales-assist/contract';
import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { socialConnections } from '../src/db/schema';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  linkedInConsent,
  metaLoginToken,
  sandboxOf,
  WP_PASSWORD,
} from './support/platform-accounts';
import { seedLinkedInPost, seedScheduledPost } from './support/publishing-engine-support';

const logLines: string[] = [];
let h: Harness;
let sandbox: PlatformSandbox;
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false, logSink: (line) => logLines.push(line) });
  sandbox = sandboxOf(h);
  owner = await seedUser(h);
  stranger = await seedUser(h);
});
afterAll(() => h.close());
beforeEach(() => sandbox.faults.clear());

const call = (user: SeededUser, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  h.call(method, `/api${url}`, { token: user.accessToken, ...(body === undefined ? {} : { body }) });

const rowsOf = (user: SeededUser) =>
  h.deps.db.select().from(socialConnections).where(eq(socialConnections.userId, user.user.id));

describe('Integrations', () => {
  it('starts with nothing connected and the four tiles without an integration always false', async () => {
    const answer = await call(owner, 'GET', '/getintegrations');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      data: {
        linkedin: false,
        facebook: false,
        instagram: false,
        wordpress: false,
        twitter: false,
        googleanalytics: false,
        shopify: false,
        googleads: false,
      },
      status: {
        linkedin: 'not_connected',
        facebook: 'not_connected',
        instagram: 'not_connected',
        wordpress: 'not_connected',
      },
      reasons: { linkedin: null, facebook: null, instagram: null, wordpress: null },
      expires_in_days: { linkedin: null, facebook: null, instagram: null, wordpress: null },
      accounts: { linkedin: [], facebook: [], instagram: [], wordpress: [] },
    });
    expect((await h.call('GET', '/api/getintegrations')).statusCode).toBe(401);
  });

  it('gives the web what the Facebook login needs: the sandbox SDK, app id and Graph version', async () => {
    const answer = (await call(owner, 'GET', '/integrations/config')).json();
    expect(answer.facebook.sdkUrl).toBe(`${sandbox.url}/facebook/sdk.js`);
    expect(answer.facebook.appId).toBe(sandbox.platforms.meta.app().appId);
    expect(answer.facebook.graphVersion).toMatch(/^v\d+\.0$/);
    expect(answer.sandbox).toEqual({ linkedin: true, meta: true });
    expect(JSON.stringify(answer)).not.toContain(sandbox.platforms.meta.app().appSecret ?? 'no secret');
  });
});

describe('LinkedIn', () => {
  it('connects through the consent page, exchanging the code once, and shows the member', async () => {
    const { authorizeUrl, code, state, redirect } = await linkedInConsent(h, owner);
    expect(authorizeUrl.searchParams.get('scope')).toBe('email w_member_social profile openid');
    expect((await fetch(authorizeUrl)).status).toBe(200);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(
      `${h.config.appOrigin}/integrations/linkedin/callback`,
    );
    const connected = await call(owner, 'POST', '/gentoken', {
      social_media: 'linkedin',
      user_access_token: code,
      state,
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().message).toBe(INTEGRATION_MESSAGES.linkedinConnected);

    // The same callback again (a second exchange): refused before LinkedIn is asked.
    const again = await call(owner, 'POST', '/gentoken', {
      social_media: 'linkedin',
      user_access_token: code,
      state,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INTEGRATION_MESSAGES.linkedinConnectError);

    expect((await call(owner, 'GET', '/getintegrations')).json().data.linkedin).toBe(true);
    const info = await call(owner, 'GET', '/get_user_info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      data: { name: 'Ada Sandbox', picture: expect.any(String) },
      waiting_posts: 0,
    });

    // The token is sealed at rest and never answered.
    const [row] = (await rowsOf(owner)).filter((r) => r.platform === 'linkedin');
    const token = sandbox.platforms.linkedin.tokens().at(-1)?.value ?? 'missing';
    expect(row?.sealedToken).not.toContain(token);
    expect(h.deps.vault.open(row?.sealedToken ?? '')).toBe(token);
    expect(info.body + connected.body).not.toContain(token);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('refuses a forged state, another user’s state and a missing state', async () => {
    const { code, state } = await linkedInConsent(h, stranger);
    for (const forged of [`${state.slice(0, -2)}xx`, 'nonsense', undefined]) {
      const answer = await call(stranger, 'POST', '/gentoken', {
        social_media: 'linkedin',
        user_access_token: code,
        ...(forged === undefined ? {} : { state: forged }),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(INTEGRATION_MESSAGES.linkedinConnectError);
    }
    // The owner replaying the stranger's callback: the state is signed for someone else.
    const stolen = await call(owner, 'POST', '/gentoken', {
      social_media: 'linkedin',
      user_access_token: code,
      state,
    });
    expect(stolen.statusCode).toBe(400);
    expect(await rowsOf(stranger)).toEqual([]);
  });

  it('refuses a code LinkedIn already took (fresh state, used code)', async () => {
    const first = await linkedInConsent(h, stranger);
    expect(
      (
        await call(stranger, 'POST', '/gentoken', {
          social_media: 'linkedin',
          user_access_token: first.code,
          state: first.state,
        })
      ).statusCode,
    ).toBe(200);
    const second = await linkedInConsent(h, stranger);
    const reused = await call(stranger, 'POST', '/gentoken', {
      social_media: 'linkedin',
      user_access_token: first.code,
      state: second.state,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(INTEGRATION_MESSAGES.linkedinConnectError);
  });

  it('warns 14 days before the 60-day token ends, and asks to reconnect once it has', async () => {
    const [row] = (await rowsOf(owner)).filter((r) => r.platform === 'linkedin');
    if (!row?.tokenExpiresAt) throw new Error('the LinkedIn connection should have its token end');
    const fresh = (await call(owner, 'GET', '/getintegrations')).json();
    expect(fresh.expires_in_days.linkedin).toBeNull();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 3_600_000);
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: inDays(5) })
      .where(eq(socialConnections.id, row.id));
    const soon = (await call(owner, 'GET', '/getintegrations')).json();
    expect(soon.data.linkedin).toBe(true);
    expect(soon.expires_in_days.linkedin).toBe(5);
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: inDays(-1) })
      .where(eq(socialConnections.id, row.id));
    const ended = (await call(owner, 'GET', '/getintegrations')).json();
    expect(ended.data.linkedin).toBe(false);
    expect(ended.status.linkedin).toBe('reconnect');
    expect(ended.reasons.linkedin).toBe('The connection has expired. Connect the account again.');
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: row.tokenExpiresAt })
      .where(eq(socialConnections.id, row.id));
  });

  it('turns the tile to reconnect when LinkedIn no longer takes the token', async () => {
    const member = sandbox.platforms.linkedin.signedIn();
    sandbox.platforms.linkedin.killTokensOf(member.sub, 'expired');
    const info = await call(owner, 'GET', '/get_user_info');
    expect(info.statusCode).toBe(200);
    expect(info.json().data.name).toBe('Ada Sandbox');
    const flags = (await call(owner, 'GET', '/getintegrations')).json();
    expect(flags.data.linkedin).toBe(false);
    expect(flags.status.linkedin).toBe('reconnect');
    expect(flags.reasons.linkedin).toEqual(expect.any(String));
    // Connecting again clears it.
    expect((await connectLinkedIn(h, owner)).status).toBe('connected');
    expect((await call(owner, 'GET', '/getintegrations')).json().status.linkedin).toBe('connected');
  });

  it('counts the posts still to go out to the member, which unlinking would leave unpublished', async () => {
    const [connection] = (await rowsOf(owner)).filter((r) => r.platform === 'linkedin');
    if (!connection) throw new Error('the owner has no LinkedIn account');
    const states = ['scheduled', 'failed', 'held', 'published', 'publishing'] as const;
    for (const [index, status] of states.entries()) {
      const item = await seedLinkedInPost(h, owner);
      await seedScheduledPost(h, {
        user: owner,
        itemId: item.id,
        connection,
        at: new Date(Date.now() + (index + 1) * 3_600_000),
        changes: { status },
      });
    }
    // Another user's posts and posts of no account are not the member's.
    const theirs = await seedLinkedInPost(h, stranger);
    await seedScheduledPost(h, { user: stranger, itemId: theirs.id, connection: null, at: new Date() });
    const info = await call(owner, 'GET', '/get_user_info');
    expect(info.json().waiting_posts).toBe(3);
  });

  it('unlinks: LinkedIn revokes the token and it is forgotten; LinkedIn out of reach keeps it', async () => {
    sandbox.faults.inject({ method: 'POST', path: '/linkedin/oauth/v2/revoke', status: 503, times: 1 });
    const failed = await call(owner, 'DELETE', '/gentoken', { social_media: 'linkedin' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(INTEGRATION_MESSAGES.cantUnlink);
    expect((await rowsOf(owner)).filter((r) => r.platform === 'linkedin')).toHaveLength(1);

    const token = h.deps.vault.open(
      (await rowsOf(owner)).find((r) => r.platform === 'linkedin')?.sealedToken ?? '',
    );
    const unlinked = await call(owner, 'DELETE', '/gentoken', { social_media: 'linkedin' });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().message).toBe(INTEGRATION_MESSAGES.unlinked);
    expect((await rowsOf(owner)).filter((r) => r.platform === 'linkedin')).toEqual([]);
    expect(sandbox.platforms.linkedin.tokens().find((t) => t.value === token)).toMatchObject({
      revoked: true,
    });

    const none = await call(owner, 'DELETE', '/gentoken', { social_media: 'linkedin' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(INTEGRATION_MESSAGES.cantUnlink);
    expect((await call(owner, 'GET', '/get_user_info')).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', '/gentoken', { social_media: 'facebook' })).statusCode).toBe(400);
  });
});

describe('Facebook and Instagram', () => {
  it('connects the pages with a long-lived token, then says it is already connected', async () => {
    const login = metaLoginToken(h);
    const answer = await call(owner, 'POST', '/gentoken', {
      social_media: 'facebook',
      user_access_token: login,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: INTEGRATION_MESSAGES.facebookConnected,
      accounts: [{ name: 'Sandbox Coffee Roasters', picture: expect.any(String) }],
    });
    // The tile names the page.
    expect((await call(owner, 'GET', '/getintegrations')).json().accounts.facebook).toEqual([
      'Sandbox Coffee Roasters',
    ]);
    const [page] = (await rowsOf(owner)).filter((r) => r.platform === 'facebook');
    const pageToken = h.deps.vault.open(page?.sealedToken ?? '');
    expect(sandbox.platforms.meta.token(pageToken)).toMatchObject({ kind: 'page' });
    expect(page?.sealedToken).not.toContain(pageToken);
    expect(logLines.join('\n')).not.toContain(login);

    const again = await call(owner, 'POST', '/gentoken', {
      social_media: 'facebook',
      user_access_token: metaLoginToken(h),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INTEGRATION_MESSAGES.facebookAlreadyConnected);
  });

  it('connects the Instagram business account linked to a page', async () => {
    const answer = await call(owner, 'POST', '/gentoken', {
      social_media: 'instagram',
      user_access_token: metaLoginToken(h),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: INTEGRATION_MESSAGES.instagramConnected,
      accounts: [{ name: 'sandbox.coffee' }],
    });
    const [ig] = (await rowsOf(owner)).filter((r) => r.platform === 'instagram');
    expect(ig?.meta.pageId).toBe(sandbox.platforms.meta.pages()[0]?.id);
    const again = await call(owner, 'POST', '/gentoken', {
      social_media: 'instagram',
      user_access_token: metaLoginToken(h),
    });
    expect(again.json().message).toBe(INTEGRATION_MESSAGES.instagramAlreadyConnected);
    const flags = (await call(owner, 'GET', '/getintegrations')).json().data;
    expect(flags).toMatchObject({ facebook: true, instagram: true });
  });

  it('tells a missing login, a token Meta refuses and Meta out of reach', async () => {
    const empty = await call(stranger, 'POST', '/gentoken', {
      social_media: 'facebook',
      user_access_token: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(INTEGRATION_MESSAGES.noLoginStatus);

    const dead = metaLoginToken(h);
    sandbox.platforms.meta.killToken(dead, 'expired');
    const refused = await call(stranger, 'POST', '/gentoken', {
      social_media: 'facebook',
      user_access_token: dead,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INTEGRATION_MESSAGES.errorSendingToken);

    sandbox.faults.inject({ method: 'GET', path: '/graph/*', status: 503, times: 5 });
    const down = await call(stranger, 'POST', '/gentoken', {
      social_media: 'instagram',
      user_access_token: metaLoginToken(h),
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(INTEGRATION_MESSAGES.errorSendingToken);
    expect(await rowsOf(stranger)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ platform: 'instagram' })]),
    );
  });
});

describe('WordPress', () => {
  const site = () => `${sandbox.url}/wp/demo`;
  const connect = (user: SeededUser, body: object) => call(user, 'POST', '/wordpress', body);

  it('asks for every field', async () => {
    for (const body of [{}, { USERNAME: 'editor', PASSWORD: WP_PASSWORD, HOSTNAME: ' ' }]) {
      const answer = await connect(owner, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(INTEGRATION_MESSAGES.fillAllInformation);
    }
  });

  it('tells each way a site can fail, with its own message, and saves nothing', async () => {
    const wrong = await connect(owner, { USERNAME: 'editor', PASSWORD: 'wrong pass word', HOSTNAME: site() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('application password');

    sandbox.platforms.wordpress.setMode('demo', 'strips_authorization');
    const blocked = await connect(owner, { USERNAME: 'editor', PASSWORD: WP_PASSWORD, HOSTNAME: site() });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toContain('Authorization header');
    sandbox.platforms.wordpress.setMode('demo', 'wordpress');

    sandbox.platforms.wordpress.addSite({ name: 'bakery', mode: 'not_wordpress' });
    const notWordpress = await connect(owner, {
      USERNAME: 'editor',
      PASSWORD: WP_PASSWORD,
      HOSTNAME: `${sandbox.url}/wp/bakery`,
    });
    expect(notWordpress.statusCode).toBe(400);
    expect(notWordpress.json().message).toContain('does not look like a WordPress site');

    const unreachable = await connect(owner, {
      USERNAME: 'editor',
      PASSWORD: WP_PASSWORD,
      HOSTNAME: 'nowhere.invalid',
    });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().message).toContain('We could not reach');

    const privateHost = await connect(owner, {
      USERNAME: 'editor',
      PASSWORD: WP_PASSWORD,
      HOSTNAME: 'http://10.0.0.8',
    });
    expect(privateHost.statusCode).toBe(400);
    expect(privateHost.json().message).toContain('public web sites');
    expect((await rowsOf(owner)).filter((r) => r.platform === 'wordpress')).toEqual([]);
  });

  it('connects a site with the application password sealed, then says it is already connected', async () => {
    const answer = await connect(owner, {
      USERNAME: 'editor',
      PASSWORD: WP_PASSWORD,
      HOSTNAME: `${site()}/`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(INTEGRATION_MESSAGES.wordpressConnected);
    const [row] = (await rowsOf(owner)).filter((r) => r.platform === 'wordpress');
    expect(row?.meta).toEqual({ baseUrl: site(), username: 'editor', restStyle: 'pretty' });
    expect(row?.sealedToken).not.toContain('abcd');
    expect(h.deps.vault.open(row?.sealedToken ?? '')).toBe(WP_PASSWORD);
    expect(logLines.join('\n')).not.toContain(WP_PASSWORD);

    const again = await connect(owner, { USERNAME: 'editor', PASSWORD: WP_PASSWORD, HOSTNAME: site() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INTEGRATION_MESSAGES.wordpressAlreadyConnected);
    expect((await call(owner, 'GET', '/getintegrations')).json().data.wordpress).toBe(true);
  });
});

describe('Bad input and the API document', () => {
  it('refuses an unknown platform or a missing field with a clear 400', async () => {
    for (const body of [
      { social_media: 'twitter', user_access_token: 'x' },
      { user_access_token: 'x' },
      { social_media: 'facebook', user_access_token: 'x'.repeat(5000) },
    ]) {
      const answer = await call(owner, 'POST', '/gentoken', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await call(owner, 'POST', '/wordpress', { HOSTNAME: 42 })).statusCode).toBe(400);
  });

  it('documents every integrations route in the OpenAPI document', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [path, method] of [
      ['/api/getintegrations', 'get'],
      ['/api/integrations/config', 'get'],
      ['/api/integrations/linkedin/authorize', 'get'],
      ['/api/gentoken', 'post'],
      ['/api/gentoken', 'delete'],
      ['/api/wordpress', 'post'],
      ['/api/get_user_info', 'get'],
    ] as const)
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe('Each user sees only their own accounts', () => {
  it('keeps the owner’s connections out of the stranger’s answers', async () => {
    const mine = (await call(owner, 'GET', '/getintegrations')).json().data;
    expect(mine).toMatchObject({ facebook: true, instagram: true, wordpress: true });
    const theirs = (await call(stranger, 'GET', '/getintegrations')).json().data;
    expect(theirs).toMatchObject({ facebook: false, instagram: false, wordpress: false });
    // The stranger connected LinkedIn earlier as the same sandbox member; the owner unlinked theirs.
    expect((await call(owner, 'GET', '/get_user_info')).statusCode).toBe(404);
  });
});
