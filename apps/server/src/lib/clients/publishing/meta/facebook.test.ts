import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_SECRET, type MetaFixture, startMetaFixture } from '../../../../../test/support/meta-sandbox';
import { PublishError } from '../types';
import { appSecretProof } from './index';

let fx: MetaFixture;
beforeEach(async () => {
  fx = await startMetaFixture();
});
afterEach(async () => {
  await fx.sandbox.close();
});

/** The PublishError a promise rejects with (fails the test when it resolves or throws anything else). */
const refusal = async (promise: Promise<unknown>): Promise<PublishError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
};

/** A port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const sandboxPicture = () => `${fx.sandbox.url}/graph/pictures/coffee.png`;

describe('Facebook login and pages', () => {
  it('exchanges the login token for a 60-day one and lists the page with its token and Instagram account', async () => {
    const meta = fx.sandbox.platforms.meta;
    const person = meta.defaultUser();
    const login = meta.issueUserToken(person.id);
    const before = Date.now();
    const long = await fx.client.exchangeForLongLivedToken(login.value);
    expect(long.accessToken).not.toBe(login.value);
    const days = ((long.expiresAt?.getTime() ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);

    expect(await fx.client.readPerson(long.accessToken)).toEqual({
      id: person.id,
      name: 'Sandbox Marketer',
      pictureUrl: `${fx.sandbox.url}/graph/pictures/${person.id}.png`,
    });
    const pages = await fx.client.listPages(long.accessToken);
    const [seededPage] = meta.pages(person.id);
    const [seededInstagram] = meta.instagramAccounts();
    expect(pages).toEqual([
      {
        id: seededPage?.id,
        name: 'Sandbox Coffee Roasters',
        accessToken: expect.stringMatching(/^EAA/),
        canPublish: true,
        pictureUrl: `${fx.sandbox.url}/graph/pictures/${seededPage?.id}.png`,
        instagram: {
          id: seededInstagram?.id,
          username: 'sandbox.coffee',
          profilePictureUrl: `${fx.sandbox.url}/graph/pictures/${seededInstagram?.id}.png`,
        },
      },
    ]);
    // Minted from a long-lived user token, the page token does not expire.
    expect(meta.token(pages[0]?.accessToken ?? '')?.expiresAt).toBeNull();
  });

  it('says a page the person may not post on, and a page without Instagram', async () => {
    const meta = fx.sandbox.platforms.meta;
    const person = meta.addUser({ name: 'Analyst' });
    meta.addPage(person.id, { name: 'Read only', tasks: ['ANALYZE'] });
    const long = await fx.client.exchangeForLongLivedToken(meta.issueUserToken(person.id).value);
    const [page] = await fx.client.listPages(long.accessToken);
    expect(page).toMatchObject({ name: 'Read only', canPublish: false, instagram: null });
    const error = await refusal(
      fx.client.publishToPage({ pageId: page?.id ?? '', pageToken: page?.accessToken ?? '', message: 'Hi' }),
    );
    expect(error.kind).toBe('revoked');
    expect(error.code).toBe('200');
  });

  it('signs every call with appsecret_proof; a client without the secret or with another is refused', async () => {
    const { page } = await fx.connect();
    const seen: string[] = [];
    const spying = fx.clientWith({
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await spying.findFacebookPost({
      pageId: page.id,
      pageToken: page.accessToken,
      message: 'x',
      since: new Date(),
    });
    const proof = new URL(seen[0] ?? '').searchParams.get('appsecret_proof');
    expect(proof).toBe(appSecretProof(page.accessToken, APP_SECRET));
    // The token itself never travels in the URL.
    expect(seen[0]).not.toContain(page.accessToken);

    const unsigned = await refusal(
      fx
        .clientWith({ appSecret: null })
        .publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' }),
    );
    expect(unsigned).toMatchObject({ kind: 'invalid', code: '100' });
    expect(unsigned.message).toContain('appsecret_proof');
    const forged = await refusal(
      fx
        .clientWith({ appSecret: 'another' })
        .publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' }),
    );
    expect(forged.message).toBe('(#100) Invalid appsecret_proof provided in the API argument');
    const exchange = await refusal(
      fx
        .clientWith({ appSecret: 'another' })
        .exchangeForLongLivedToken(
          fx.sandbox.platforms.meta.issueUserToken(fx.sandbox.platforms.meta.defaultUser().id).value,
        ),
    );
    expect(exchange.kind).toBe('invalid');
    expect(fx.sandbox.platforms.meta.posts()).toEqual([]);
  });
});

describe('Facebook page posts', () => {
  it('posts text with a link, a photo by URL and a photo by bytes, and reads them back', async () => {
    const { page } = await fx.connect();
    const input = { pageId: page.id, pageToken: page.accessToken };
    const text = await fx.client.publishToPage({
      ...input,
      message: 'Fresh beans',
      link: 'https://example.com/beans',
    });
    expect(text.externalId).toMatch(new RegExp(`^${page.id}_`));
    expect(text.url).toBe(`https://www.facebook.com/${text.externalId}`);

    const byUrl = await fx.client.publishToPage({
      ...input,
      message: 'Roast day',
      photo: { url: sandboxPicture() },
    });
    const byBytes = await fx.client.publishToPage({
      ...input,
      message: 'Latte art',
      photo: { bytes: new Uint8Array([137, 80, 78, 71]), contentType: 'image/png', fileName: 'latte.png' },
    });
    const posts = fx.sandbox.platforms.meta.posts(page.id);
    expect(posts.map((post) => [post.id, post.message, post.link, post.photoId !== null])).toEqual([
      [text.externalId, 'Fresh beans', 'https://example.com/beans', false],
      [byUrl.externalId, 'Roast day', null, true],
      [byBytes.externalId, 'Latte art', null, true],
    ]);
    expect(posts[1]?.pictureUrl).toBe(sandboxPicture());

    const read = await fx.client.readFacebookPost({ ...input, postId: text.externalId });
    expect(read).toMatchObject({ externalId: text.externalId, message: 'Fresh beans' });
    expect(await fx.client.readFacebookPost({ ...input, postId: `${page.id}_404` })).toBeNull();
  });

  it('refuses a photo Meta cannot fetch, an empty post and a text over 63,206 characters', async () => {
    const { page } = await fx.connect();
    const input = { pageId: page.id, pageToken: page.accessToken };
    const photo = await refusal(
      fx.client.publishToPage({
        ...input,
        message: 'x',
        photo: { url: `${fx.sandbox.url}/nothing-here.png` },
      }),
    );
    expect(photo).toMatchObject({
      kind: 'invalid',
      code: '324',
      message: '(#324) Missing or invalid image file',
    });
    expect((await refusal(fx.client.publishToPage({ ...input, message: '  ' }))).kind).toBe('invalid');
    const long = await refusal(fx.client.publishToPage({ ...input, message: 'a'.repeat(63_207) }));
    expect(long.message).toBe('the text is longer than 63206 characters');
    expect(fx.sandbox.platforms.meta.posts()).toEqual([]);
  });

  it('maps the same text twice to duplicate (506)', async () => {
    const { page } = await fx.connect();
    const input = { pageId: page.id, pageToken: page.accessToken, message: 'Same words' };
    await fx.client.publishToPage(input);
    const error = await refusal(fx.client.publishToPage(input));
    expect(error).toMatchObject({
      kind: 'duplicate',
      code: '506',
      status: 400,
      platform: 'facebook',
      message: '(#506) Duplicate status message',
    });
    expect(error.retryable).toBe(false);
    expect(fx.sandbox.platforms.meta.posts(page.id)).toHaveLength(1);
  });
});

describe('Facebook tokens that stop working', () => {
  it('an expired token is auth_expired (190/463); a changed password or a removed app is revoked (460, 458)', async () => {
    const meta = fx.sandbox.platforms.meta;
    const { userId, userToken, page } = await fx.connect();
    const post = () =>
      fx.client.publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' });

    meta.killTokensOf(userId, 'expired');
    const expired = await refusal(post());
    expect(expired).toMatchObject({ kind: 'auth_expired', code: '190/463', status: 400 });
    expect(expired.message).toMatch(/^Error validating access token: Session has expired/);
    expect(expired.needsReconnect).toBe(true);
    expect(expired.message).not.toContain(page.accessToken);

    const again = await fx.connect();
    meta.killTokensOf(userId, 'password_changed');
    expect(
      await refusal(
        fx.client.publishToPage({ pageId: page.id, pageToken: again.page.accessToken, message: 'Hi' }),
      ),
    ).toMatchObject({ kind: 'revoked', code: '190/460' });
    expect(await refusal(fx.client.listPages(userToken))).toMatchObject({
      kind: 'auth_expired',
      code: '190/463',
    });

    const third = await fx.connect();
    meta.killTokensOf(userId, 'app_removed');
    expect(await refusal(fx.client.listPages(third.userToken))).toMatchObject({
      kind: 'revoked',
      code: '190/458',
    });
  });

  it('a token Meta never gave is auth_expired (190), and a short login token lapses after its hour', async () => {
    expect(await refusal(fx.client.listPages('EAAnot-a-token'))).toMatchObject({
      kind: 'auth_expired',
      code: '190',
    });
    const meta = fx.sandbox.platforms.meta;
    const lapsed = meta.issueUserToken(meta.defaultUser().id, { expiresInSeconds: 0 });
    expect(await refusal(fx.client.exchangeForLongLivedToken(lapsed.value))).toMatchObject({
      kind: 'auth_expired',
      code: '190/463',
    });
  });

  it('unlinking revokes the app: every token stops, and revoking again is not an error', async () => {
    const { userToken, page } = await fx.connect();
    await fx.client.revokeAccess(userToken);
    expect(
      await refusal(fx.client.publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' })),
    ).toMatchObject({ kind: 'revoked', code: '190/458' });
    await expect(fx.client.revokeAccess(userToken)).resolves.toBeUndefined();
  });
});

describe('Meta rate limits and usage', () => {
  it.each([
    [4, undefined, 'rate_limited', 900],
    [17, undefined, 'rate_limited', 900],
    [32, undefined, 'rate_limited', 900],
    [613, undefined, 'rate_limited', 900],
    [80001, undefined, 'rate_limited', 900],
    [368, 1390008, 'rate_limited', 3600],
    [100, 33, 'invalid', undefined],
    [2, undefined, 'unknown_outcome', undefined],
  ])('Graph error %i (subcode %s) on a post is %s, retry after %s s', async (code, subcode, kind, retry) => {
    const { page } = await fx.connect();
    fx.sandbox.faults.inject({
      method: 'POST',
      path: fx.graphPath(`/${page.id}/feed`),
      status: code === 2 ? 503 : 400,
      body: { error: { message: `Refusal ${code}`, type: 'OAuthException', code, error_subcode: subcode } },
    });
    const error = await refusal(
      fx.client.publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' }),
    );
    expect(error.kind).toBe(kind);
    expect(error.retryAfterSeconds).toBe(retry);
    expect(error.message).toBe(`Refusal ${code}`);
    expect(fx.sandbox.platforms.meta.posts()).toEqual([]);
  });

  it("after Meta's page limit (#32) that page's calls wait without reaching Meta; other pages go on", async () => {
    const meta = fx.sandbox.platforms.meta;
    meta.addPage(meta.defaultUser().id, { name: 'Second shop' });
    const long = await fx.client.exchangeForLongLivedToken(meta.issueUserToken(meta.defaultUser().id).value);
    const [first, second] = await fx.client.listPages(long.accessToken);
    if (!first || !second) throw new Error('two pages expected');
    fx.sandbox.faults.inject({
      method: 'POST',
      path: fx.graphPath(`/${first.id}/feed`),
      status: 400,
      body: { error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32 } },
    });
    const limited = await refusal(
      fx.client.publishToPage({ pageId: first.id, pageToken: first.accessToken, message: 'One' }),
    );
    expect(limited).toMatchObject({ kind: 'rate_limited', code: '32', retryAfterSeconds: 900 });
    expect(fx.client.pausedFor(first.id)).toBe(900);
    expect(fx.client.pausedFor(second.id)).toBe(0);
    // The fault is used up, yet the client does not call Meta again for that page until the pause ends.
    const waiting = await refusal(
      fx.client.publishToPage({ pageId: first.id, pageToken: first.accessToken, message: 'One' }),
    );
    expect(waiting.kind).toBe('rate_limited');
    expect(meta.posts(first.id)).toEqual([]);
    await fx.client.publishToPage({ pageId: second.id, pageToken: second.accessToken, message: 'One' });
    expect(meta.posts(second.id)).toHaveLength(1);
  });

  it("Meta's own refusal at 100% app usage is rate_limited (#4)", async () => {
    const { page } = await fx.connect();
    fx.sandbox.platforms.meta.setUsage({ app: { call_count: 100 } });
    const error = await refusal(
      fx.client.publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' }),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', code: '4', retryAfterSeconds: 3_600 });
  });

  it('at 95% usage the call goes through, then calls pause (without reaching Meta) until the pause ends', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const seen: string[] = [];
    const client = fx.clientWith({
      now: () => now,
      fetch: (input, init) => {
        seen.push(`${init?.method} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
    const meta = fx.sandbox.platforms.meta;
    const long = await client.exchangeForLongLivedToken(meta.issueUserToken(meta.defaultUser().id).value);
    const [page] = await client.listPages(long.accessToken);
    const input = { pageId: page?.id ?? '', pageToken: page?.accessToken ?? '' };

    meta.setUsage({ app: { total_time: 95 } });
    await client.publishToPage({ ...input, message: 'First' });
    expect(client.pausedFor(input.pageId)).toBe(2_100);
    const calls = seen.length;
    const paused = await refusal(client.publishToPage({ ...input, message: 'Second' }));
    expect(paused).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 2_100 });
    expect(paused.message).toBe("Meta's usage limit is at 95%: calls pause for 2100 s");
    expect(seen).toHaveLength(calls);

    meta.setUsage({ app: { total_time: 10 } });
    now += 2_100 * 1000;
    expect(client.pausedFor(input.pageId)).toBe(0);
    await client.publishToPage({ ...input, message: 'Second' });
    expect(meta.posts().map((post) => post.message)).toEqual(['First', 'Second']);
  });

  it("a page's business use case usage at 95% pauses that page only", async () => {
    const meta = fx.sandbox.platforms.meta;
    const person = meta.defaultUser();
    meta.addPage(person.id, { name: 'Second shop' });
    const long = await fx.client.exchangeForLongLivedToken(meta.issueUserToken(person.id).value);
    const [first, second] = await fx.client.listPages(long.accessToken);
    if (!first || !second) throw new Error('two pages expected');
    meta.setUsage({ page: { call_count: 95 } });
    await fx.client.publishToPage({ pageId: first.id, pageToken: first.accessToken, message: 'One' });
    expect(fx.client.lastUsage()?.business[0]).toMatchObject({ id: first.id, callCount: 95 });
    expect(
      await refusal(
        fx.client.publishToPage({ pageId: first.id, pageToken: first.accessToken, message: 'Two' }),
      ),
    ).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 2_100 });
    expect(fx.client.pausedFor()).toBe(0);
    meta.setUsage({ page: { call_count: 0 } });
    await expect(
      fx.client.publishToPage({ pageId: second.id, pageToken: second.accessToken, message: 'Two' }),
    ).resolves.toMatchObject({ externalId: expect.stringMatching(new RegExp(`^${second.id}_`)) });
  });
});

describe('Doubtful outcomes', () => {
  it('a time-out after Meta made the post is unknown_outcome, and the read-back finds the one post', async () => {
    const { page } = await fx.connect();
    const input = { pageId: page.id, pageToken: page.accessToken };
    const since = new Date();
    fx.sandbox.faults.inject({
      method: 'POST',
      path: fx.graphPath(`/${page.id}/feed`),
      after_handling: true,
      delay_ms: 3_000,
      status: 504,
    });
    const error = await refusal(fx.client.publishToPage({ ...input, message: 'Did it go?' }));
    expect(error).toMatchObject({ kind: 'unknown_outcome', message: 'Meta did not answer within 2 s' });
    const made = fx.sandbox.platforms.meta.posts(page.id);
    expect(made).toHaveLength(1);
    expect(await fx.client.findFacebookPost({ ...input, message: 'Did it go?', since })).toEqual({
      externalId: made[0]?.id,
      url: `https://www.facebook.com/${made[0]?.id}`,
    });
    expect(await fx.client.findFacebookPost({ ...input, message: 'Never sent', since })).toBeNull();
  });

  it('the read-back pages through the feed: our post is found behind 110 newer ones, its time read in UTC', async () => {
    const { page } = await fx.connect();
    const input = { pageId: page.id, pageToken: page.accessToken };
    const since = new Date();
    const message = 'Harvest notes\r\nline two — café ✓  ';
    await fx.client.publishToPage({ ...input, message });
    for (let n = 0; n < 110; n++) await fx.client.publishToPage({ ...input, message: `Later post ${n}` });
    const ours = fx.sandbox.platforms.meta.posts(page.id)[0];

    // Meta writes times as "2026-11-27T18:22:23+0000": read as that instant in UTC.
    const read = await fx.client.readFacebookPost({ ...input, postId: ours?.id ?? '' });
    expect(read?.createdAt?.toISOString()).toBe(`${ours?.createdTime.toISOString().slice(0, 19)}.000Z`);
    expect(
      await fx.client.findFacebookPost({ ...input, message: 'Harvest notes\nline two — café ✓', since }),
    ).toEqual({
      externalId: ours?.id,
      url: `https://www.facebook.com/${ours?.id}`,
    });
    // Posts older than the attempt (less the clocks' slack) are not ours.
    const later = new Date(since.getTime() + 10 * 60_000);
    expect(await fx.client.findFacebookPost({ ...input, message, since: later })).toBeNull();
  });

  it('a 500 after Meta made the photo is unknown_outcome; a 503 before anything is done on a read is unavailable', async () => {
    const { page } = await fx.connect();
    const input = { pageId: page.id, pageToken: page.accessToken };
    fx.sandbox.faults.inject({
      method: 'POST',
      path: fx.graphPath(`/${page.id}/photos`),
      after_handling: true,
      status: 500,
    });
    const error = await refusal(
      fx.client.publishToPage({ ...input, message: 'Photo', photo: { url: sandboxPicture() } }),
    );
    expect(error.kind).toBe('unknown_outcome');
    expect(fx.sandbox.platforms.meta.posts(page.id)).toHaveLength(1);
    expect(
      await fx.client.findFacebookPost({ ...input, message: 'Photo', since: new Date(Date.now() - 5_000) }),
    ).not.toBeNull();

    fx.sandbox.faults.inject({
      method: 'GET',
      path: fx.graphPath(`/${page.id}/feed`),
      status: 503,
      body: 'down',
    });
    const read = await refusal(fx.client.findFacebookPost({ ...input, message: 'Photo', since: new Date() }));
    expect(read).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(read.retryable).toBe(true);
  });

  it('Meta not reachable at all is unavailable, even for a post (nothing was sent)', async () => {
    const { page } = await fx.connect();
    const error = await refusal(
      fx.clientWith({ graphBaseUrl: `http://127.0.0.1:${await closedPort()}/graph` }).publishToPage({
        pageId: page.id,
        pageToken: page.accessToken,
        message: 'Hi',
      }),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Meta could not be reached (ECONNREFUSED)');
  });
});
