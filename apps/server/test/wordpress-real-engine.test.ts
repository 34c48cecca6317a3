import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishAttempts, type SocialConnectionRow, scheduledPosts } from '../src/db/schema';
import { publishScheduledPost } from '../src/modules/publishing/engine';
import { wordpressPublisher } from '../src/modules/publishing/publishers/wordpress';
import { insertItem, pieceOf, studioUser } from './publishers-support';
import type { SeededUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf } from './support/platform-accounts';
import { attemptsOfPost, reloadPost, seedScheduledPost } from './support/publishing-engine-support';
import { SITES_UNDER_TEST, type SiteUnderTest } from './support/real-wordpress-sites';

/**
 * The publishing engine with a real WordPress (and the stand-in, with the same cases): a post whose answer
 * is lost, or whose process died after WordPress stored it, is found by its reference and never sent twice,
 * on a site whose time zone is not UTC, for an Author whose "&" WordPress stores as "&amp;".
 */
describe.each(SITES_UNDER_TEST)('Publishing engine with the $label', ({ start, skip }) => {
  let site: SiteUnderTest;
  let h: Harness;
  let user: SeededUser;
  let connection: SocialConnectionRow;

  beforeAll(async () => {
    if (skip) return;
    site = await start();
    h = await startHarness({
      engine: false,
      env: { SAFE_FETCH_ALLOWLIST: site.host, WORDPRESS_TIMEOUT_MS: '1500' },
    });
    user = await studioUser(h);
    const answer = await h.call('POST', '/api/wordpress', {
      token: user.accessToken,
      body: {
        HOSTNAME: site.url,
        USERNAME: site.users.author.login,
        PASSWORD: site.users.author.applicationPassword,
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    connection = await connectionOf(h, user, 'wordpress');
    // West of UTC: the local date of a post made now is hours before now in UTC.
    await site.setTimezone('America/Los_Angeles');
  });
  afterAll(async () => {
    await h?.close();
    await site?.stop();
  });

  const duePost = async (title: string) => {
    const item = await insertItem(h, user, {
      kind: 'blog',
      title,
      body: '<p>Territory plans that survive the quarter.</p>',
      data: { topic: title, keywords: ['planning'], length: 'short', planPeriod: '2026-11' },
    });
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at: new Date() });
    return { item, post };
  };

  it.skipIf(skip)('publishes once when WordPress keeps the post but its answer is lost', async () => {
    const { post } = await duePost('Q&A: territory planning & quotas');
    await site.loseNextAnswer(4);
    expect(await publishScheduledPost(h.deps, post.id, { readBackSettleMs: 0 })).toBe('published');

    const stored = await site.postsHolding(post.publishRef);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.title).toBe('Q&amp;A: territory planning &amp; quotas');
    expect(await reloadPost(h, post.id)).toMatchObject({
      status: 'published',
      externalId: String(stored[0]?.id),
    });
    expect((await attemptsOfPost(h, post.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'found'],
    ]);
  });

  it.skipIf(skip)('finds the post a process stored before it died, and does not send it again', async () => {
    const { item, post } = await duePost('Pipeline reviews & the forecast call');
    // The dead process: it took the post, sent it (WordPress stored it), and died before writing the answer.
    const startedAt = new Date(Date.now() - 120_000);
    await h.deps.db
      .update(scheduledPosts)
      .set({ status: 'publishing', attempts: 1 })
      .where(eq(scheduledPosts.id, post.id));
    await h.deps.db.insert(publishAttempts).values({
      scheduledPostId: post.id,
      userId: user.user.id,
      number: 1,
      action: 'publish',
      startedAt,
      leaseUntil: startedAt,
    });
    const sent = await wordpressPublisher.publish(h.deps, { ...pieceOf(h, item, connection), post });

    expect(await publishScheduledPost(h.deps, post.id, { readBackSettleMs: 0 })).toBe('published');
    const stored = await site.postsHolding(post.publishRef);
    expect(stored).toHaveLength(1);
    expect(await reloadPost(h, post.id)).toMatchObject({
      status: 'published',
      externalId: sent.externalId,
      externalUrl: sent.url,
    });
  });
});
