import {
  CONTENT_POSTS_MESSAGES,
  type TContentAnalyticsResponse,
  type TContentPost,
  type TContentPostsResponse,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postFigureChecks,
  postFigures,
  type SocialConnectionRow,
  scheduledPosts,
  socialConnections,
} from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { fetchConnectionFigures } from '../src/modules/post-figures/fetch-post-figures';
import { readFiguresNow } from '../src/modules/post-figures/read-figures-now';
import { sweepPostFigures } from '../src/modules/post-figures/sweep-post-figures';
import { seedScheduledPost } from './schedule-support';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf, connectLinkedIn, sandboxOf } from './support/platform-accounts';

/**
 * The platforms' own figures of published posts: read from the platform sandbox's Graph API and LinkedIn
 * Member Post Analytics by the figures job, kept one row per metric per post, and served on the Content tab.
 */

const HOUR = 3_600_000;
const clock = fixedClock(new Date());
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false });
});
afterAll(() => h.close());

const meta = () => sandboxOf(h).platforms.meta;

/** A Meta person of this test's own, with a page and its Instagram account, connected by the app user. */
const connectOwnMeta = async (user: SeededUser, platform: 'facebook' | 'instagram') => {
  const person = meta().addUser({ name: `Person ${user.email}` });
  const page = meta().addPage(person.id, { name: `Page of ${user.email}` });
  meta().linkInstagram(page.id);
  const answer = await h.call('POST', '/api/gentoken', {
    token: user.accessToken,
    body: { social_media: platform, user_access_token: meta().issueUserToken(person.id).value },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { person, page, connection: await connectionOf(h, user, platform) };
};

/** Records a post the platform holds as the publishing engine does once it is out. */
const recordPublished = async (
  user: SeededUser,
  connection: SocialConnectionRow,
  published: { externalId: string; url: string },
  publishedAt = new Date(clock.now().getTime() - 2 * HOUR),
) => {
  const item = await seedContentItem(h, user.user.id, {
    kind: 'social_post',
    title: `Post ${published.externalId}`,
  });
  return seedScheduledPost(h, user, item, connection, {
    scheduledFor: publishedAt,
    status: 'published',
    externalId: published.externalId,
    externalUrl: published.url,
    publishedAt,
  });
};

const publishOnPage = async (user: SeededUser, connection: SocialConnectionRow, message: string) => {
  const published = await h.deps.publishing.meta.publishToPage({
    pageId: connection.externalId,
    pageToken: h.deps.vault.open(connection.sealedToken),
    message,
  });
  return recordPublished(user, connection, published);
};

const figuresOf = (postId: number) =>
  h.deps.db.select().from(postFigures).where(eq(postFigures.scheduledPostId, postId));
const checkOf = async (postId: number) =>
  (await h.deps.db.select().from(postFigureChecks).where(eq(postFigureChecks.scheduledPostId, postId)))[0];

const contentPosts = async (user: SeededUser, query = '') => {
  const res = await h.call('GET', `/api/analytics/content/posts${query}`, { token: user.accessToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TContentPostsResponse>();
};

describe('the figures job', () => {
  it('reads a Facebook post’s views, viewers and reactions with source and date, and writes them over on the next read', async () => {
    const user = await seedUser(h);
    const { page, connection } = await connectOwnMeta(user, 'facebook');
    const post = await publishOnPage(user, connection, 'Roasting day: figures please');
    // The sandbox's post went out 30 hours ago as far as its figures go.
    const held = meta()
      .posts(page.id)
      .find((p) => p.id === post.externalId);
    if (!held) throw new Error('the sandbox should hold the post');
    held.createdTime = new Date(Date.now() - 30 * HOUR);

    const first = await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 });
    expect(first).toMatchObject({ measured: 1, failed: 0, reconnect: 0 });
    const rows = await figuresOf(post.id);
    expect(rows.map((row) => [row.metric, row.platformMetric]).sort()).toEqual(
      [
        ['reach', 'post_total_media_view_unique'],
        ['reactions', 'post_reactions_by_type_total'],
        ['views', 'post_media_view'],
      ].sort(),
    );
    const views = rows.find((row) => row.metric === 'views');
    expect(views?.value).toBeGreaterThan(0);
    expect(views?.source).toBe('Meta Graph API v26.0 GET /{page-post-id}/insights (post_media_view)');
    // Lifetime figures carry no end_time: dated when read.
    expect(views?.figureDate.getTime()).toBe(clock.now().getTime());
    expect(views?.userId).toBe(user.user.id);
    expect(await checkOf(post.id)).toMatchObject({
      state: 'measured',
      nextCheckAt: new Date(clock.now().getTime() + 6 * HOUR),
    });

    // Not due again before its next read; then read again and written over, not added.
    expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 })).toMatchObject({ measured: 0 });
    held.createdTime = new Date(Date.now() - 60 * HOUR);
    clock.advance(6 * HOUR);
    try {
      expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 })).toMatchObject({
        measured: 1,
      });
      const again = await figuresOf(post.id);
      expect(again).toHaveLength(3);
      const later = again.find((row) => row.metric === 'views');
      expect(later?.value).toBeGreaterThan(views?.value ?? 0);
      expect(later?.fetchedAt.getTime()).toBe(clock.now().getTime());
    } finally {
      clock.advance(-6 * HOUR);
    }
  });

  it('reads an Instagram picture’s views, reach, likes, comments, shares and saves', async () => {
    const user = await seedUser(h);
    const { connection } = await connectOwnMeta(user, 'instagram');
    meta().setContainerProcessing({ ms: 0 });
    const published = await h.deps.publishing.meta.publishToInstagram({
      igUserId: connection.externalId,
      pageToken: h.deps.vault.open(connection.sealedToken),
      ...(connection.meta.pageId ? { pageId: connection.meta.pageId } : {}),
      imageUrl: `${sandboxOf(h).url}/graph/pictures/sandbox.png`,
      caption: 'Fresh beans #coffee',
    });
    const post = await recordPublished(user, connection, published);
    expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 })).toMatchObject({ measured: 1 });
    const rows = await figuresOf(post.id);
    expect(rows.map((row) => row.metric).sort()).toEqual(
      ['comments', 'reach', 'reactions', 'saves', 'shares', 'views'].sort(),
    );
    expect(rows.find((row) => row.metric === 'saves')?.source).toBe(
      'Meta Graph API v26.0 GET /{ig-media-id}/insights (saved)',
    );
  });

  it('records a declined insights permission as not available, a deleted post as gone, without failing the run', async () => {
    const user = await seedUser(h);
    const { page, connection } = await connectOwnMeta(user, 'facebook');
    const kept = await publishOnPage(user, connection, 'Kept post');
    const deleted = await publishOnPage(user, connection, 'Deleted post');
    expect(meta().deletePost(deleted.externalId ?? '')).toBe(true);
    meta().setInsightsGranted(page.id, false);
    const run = await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 });
    expect(run).toMatchObject({ notPermitted: 1, gone: 1, failed: 0 });
    expect(await checkOf(kept.id)).toMatchObject({
      state: 'not_permitted',
      reason: expect.stringContaining('read_insights'),
    });
    expect(await checkOf(deleted.id)).toMatchObject({ state: 'post_gone', nextCheckAt: null });
    expect(await figuresOf(kept.id)).toEqual([]);

    const listed = await contentPosts(user, '?network=facebook');
    const states = new Map(listed.posts.map((p) => [p.id, p]));
    expect(states.get(kept.id)).toMatchObject({ state: 'not_permitted', figures: [] });
    expect(states.get(deleted.id)?.state).toBe('post_gone');
  });

  it('marks the account to reconnect when its token expired, and records its posts so', async () => {
    const user = await seedUser(h);
    const { person, connection } = await connectOwnMeta(user, 'facebook');
    const post = await publishOnPage(user, connection, 'Before the token ended');
    meta().killTokensOf(person.id, 'expired');
    const run = await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 });
    expect(run).toMatchObject({ reconnect: 1, measured: 0 });
    expect(await checkOf(post.id)).toMatchObject({
      state: 'reconnect',
      nextCheckAt: new Date(clock.now().getTime() + 6 * HOUR),
    });
    const [after] = await h.deps.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.id, connection.id));
    expect(after?.status).toBe('reconnect');
  });

  it('reads a LinkedIn member post only with r_member_postAnalytics: not available without it', async () => {
    const user = await seedUser(h);
    const connection = await connectLinkedIn(h, user, { newMember: true });
    const token = h.deps.vault.open(connection.sealedToken);
    const published = await fetch(`${sandboxOf(h).url}/linkedin/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'linkedin-version': h.deps.publishing.linkedin.apiVersion,
        'x-restli-protocol-version': '2.0.0',
      },
      body: JSON.stringify({
        author: `urn:li:person:${connection.externalId}`,
        commentary: 'Member post with figures',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    const urn = published.headers.get('x-restli-id') ?? '';
    const post = await recordPublished(user, connection, {
      externalId: urn,
      url: 'https://www.linkedin.com/',
    });

    expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 })).toMatchObject({
      notPermitted: 1,
    });
    expect(await checkOf(post.id)).toMatchObject({
      state: 'not_permitted',
      reason: expect.stringContaining('r_member_postAnalytics'),
    });

    // A member whose app holds the Member Post Analytics product grants the scope.
    const linkedin = sandboxOf(h).platforms.linkedin as unknown as {
      issueToken: (sub: string, scopes: string[]) => { value: string };
    };
    const scopes = [...(connection.meta.scopes ?? []), 'r_member_postAnalytics'];
    await h.deps.db
      .update(socialConnections)
      .set({
        sealedToken: h.deps.vault.seal(linkedin.issueToken(connection.externalId, scopes).value),
        meta: { ...connection.meta, scopes },
      })
      .where(eq(socialConnections.id, connection.id));
    clock.advance(24 * HOUR);
    try {
      expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 })).toMatchObject({
        measured: 1,
      });
    } finally {
      clock.advance(-24 * HOUR);
    }
    const rows = await figuresOf(post.id);
    expect(rows.map((row) => [row.metric, row.platformMetric]).sort()).toEqual(
      [
        ['comments', 'COMMENT'],
        ['reach', 'MEMBERS_REACHED'],
        ['reactions', 'REACTION'],
        ['shares', 'RESHARE'],
        ['views', 'IMPRESSION'],
      ].sort(),
    );
    expect(rows[0]?.source).toMatch(
      /^LinkedIn Member Post Analytics API \d{6} GET \/rest\/memberCreatorPostAnalytics \([A-Z_]+\)$/,
    );
  });

  it('queues one read per connection with posts due, never before the first hour', async () => {
    const user = await seedUser(h);
    const { connection } = await connectOwnMeta(user, 'facebook');
    const fresh = await h.deps.publishing.meta.publishToPage({
      pageId: connection.externalId,
      pageToken: h.deps.vault.open(connection.sealedToken),
      message: 'Only just out',
    });
    await recordPublished(user, connection, fresh, new Date(clock.now().getTime() - 10 * 60_000));
    const sent: unknown[] = [];
    const jobs = { send: async (...args: unknown[]) => void sent.push(args) };
    await sweepPostFigures({ ...h.deps, jobs });
    expect(sent.filter((args) => JSON.stringify(args).includes(connection.id))).toEqual([]);
    clock.advance(HOUR);
    try {
      await sweepPostFigures({ ...h.deps, jobs });
    } finally {
      clock.advance(-HOUR);
    }
    expect(sent.filter((args) => JSON.stringify(args).includes(connection.id))).toEqual([
      ['post-figures-fetch', { connectionId: connection.id }, { singletonKey: connection.id }],
    ]);
  });
});

describe('POST /api/analytics/content/posts/read', () => {
  const readNow = (user: SeededUser) =>
    h.call('POST', '/api/analytics/content/posts/read', { token: user.accessToken });

  it('reads a post just published at once, not again within 15 minutes, and only the caller’s own', async () => {
    const user = await seedUser(h);
    const other = await seedUser(h);
    const { connection } = await connectOwnMeta(user, 'facebook');
    const fresh = await h.deps.publishing.meta.publishToPage({
      pageId: connection.externalId,
      pageToken: h.deps.vault.open(connection.sealedToken),
      message: 'Just out: how is it doing?',
    });
    const post = await recordPublished(user, connection, fresh, new Date(clock.now().getTime() - 5 * 60_000));

    // Asked for: a read of its own key for the connection, with every post of the window.
    const sent: unknown[] = [];
    const jobs = { send: async (...args: unknown[]) => void sent.push(args) };
    expect(await readFiguresNow({ ...h.deps, jobs }, user.user.id)).toEqual({
      posts: 1,
      message: CONTENT_POSTS_MESSAGES.readingFigures(1),
    });
    expect(sent).toEqual([
      [
        'post-figures-fetch',
        { connectionId: connection.id, readNow: true },
        { singletonKey: `${connection.id}:now` },
      ],
    ]);
    // Someone else asking reads none of this user's posts.
    const theirs = await readNow(other);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toEqual({ posts: 0, message: CONTENT_POSTS_MESSAGES.nothingToRead });

    // The schedule's read leaves a post of five minutes alone; the read asked for takes it.
    expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 })).toMatchObject({ measured: 0 });
    expect(await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0, readNow: true })).toMatchObject({
      measured: 1,
      failed: 0,
    });
    expect((await checkOf(post.id))?.state).toBe('measured');
    expect((await figuresOf(post.id)).map((row) => row.metric).sort()).toEqual([
      'reach',
      'reactions',
      'views',
    ]);

    // Pressed again at once: read moments ago, nothing queued; a quarter of an hour later it is read again
    const again = await readNow(user);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ posts: 0, message: CONTENT_POSTS_MESSAGES.nothingToRead });
    // (the session's token would have expired by then: the function itself is asked).
    clock.advance(16 * 60_000);
    try {
      expect(await readFiguresNow({ ...h.deps, jobs }, user.user.id)).toMatchObject({ posts: 1 });
    } finally {
      clock.advance(-16 * 60_000);
    }
  });

  it('answers 401 without sign-in', async () => {
    expect((await h.call('POST', '/api/analytics/content/posts/read')).statusCode).toBe(401);
  });
});

describe('GET /api/analytics/content/posts', () => {
  let owner: SeededUser;
  let stranger: SeededUser;
  let measured: number;

  beforeAll(async () => {
    owner = await seedUser(h);
    stranger = await seedUser(h);
    const { page, connection } = await connectOwnMeta(owner, 'facebook');
    const post = await publishOnPage(owner, connection, 'Listed with its figures');
    measured = post.id;
    const held = meta()
      .posts(page.id)
      .find((p) => p.id === post.externalId);
    if (held) held.createdTime = new Date(Date.now() - 40 * HOUR);
    await fetchConnectionFigures(h.deps, connection.id, { paceMs: 0 });
  });

  it('lists the caller’s published posts with their figures, each with its source and as-of date', async () => {
    const body = await contentPosts(owner);
    const post = body.posts.find((p) => p.id === measured) as TContentPost;
    expect(post).toMatchObject({
      network: 'facebook',
      title: `Post ${await externalIdOf(measured)}`,
      state: 'measured',
      state_reason: null,
    });
    expect(post.figures.map((figure) => figure.metric)).toEqual(['views', 'reach', 'reactions']);
    expect(post.figures[0]).toEqual({
      metric: 'views',
      value: expect.any(Number),
      source: 'Meta Graph API v26.0 GET /{page-post-id}/insights (post_media_view)',
      as_of: clock.now().toISOString(),
      fetched_at: clock.now().toISOString(),
    });
    expect(body.next_cursor).toBeNull();
    expect((await contentPosts(owner, '?network=linkedin')).posts).toEqual([]);

    // The Content tab's weekly totals sum the same figures per network.
    const weekly = await h.call('GET', '/api/analytics/content?zone=UTC', { token: owner.accessToken });
    expect(weekly.statusCode, weekly.body).toBe(200);
    const facebook = weekly
      .json<TContentAnalyticsResponse>()
      .figures_by_week.flatMap((week) => week.networks)
      .filter((n) => n.network === 'facebook');
    expect(post.figures[0]?.value).toBeGreaterThan(0);
    expect(facebook.reduce((sum, n) => sum + n.views, 0)).toBe(post.figures[0]?.value);
    const theirs = await h.call('GET', '/api/analytics/content?zone=UTC', { token: stranger.accessToken });
    expect(
      theirs
        .json<TContentAnalyticsResponse>()
        .figures_by_week.every((week) => week.networks.every((n) => n.views === 0)),
    ).toBe(true);
  });

  it("never shows another user's posts or figures, and refuses bad input with 400", async () => {
    const theirs = await contentPosts(stranger);
    expect(theirs.posts.map((p) => p.id)).not.toContain(measured);
    const figures = await h.deps.db
      .select()
      .from(postFigures)
      .where(and(eq(postFigures.userId, stranger.user.id)));
    expect(figures).toEqual([]);
    for (const query of ['?cursor=nonsense', '?network=myspace']) {
      const res = await h.call('GET', `/api/analytics/content/posts${query}`, { token: owner.accessToken });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await h.call('GET', '/api/analytics/content/posts')).statusCode).toBe(401);
  });

  it('pages by next_cursor, the newest first', async () => {
    const user = await seedUser(h);
    const { connection } = await connectOwnMeta(user, 'facebook');
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const at = new Date(clock.now().getTime() - (i + 2) * HOUR);
      ids.push(
        (await recordPublished(user, connection, { externalId: `${i}`, url: 'https://x.test' }, at)).id,
      );
    }
    const first = await contentPosts(user);
    expect(first.posts.map((p) => p.id)).toEqual(ids.slice(0, 20));
    expect(first.posts[0]?.state).toBe('waiting');
    const second = await contentPosts(user, `?cursor=${first.next_cursor}`);
    expect(second.posts.map((p) => p.id)).toEqual(ids.slice(20));
    expect(second.next_cursor).toBeNull();
  });
});

const externalIdOf = async (postId: number) =>
  (await h.deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, postId)))[0]?.externalId;
