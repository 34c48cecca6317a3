import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledPosts } from '../src/db/schema';
import { publishScheduledPost } from '../src/modules/publishing/engine';
import { insertItem, studioSocialPosts, studioUser } from './publishers-support';
import type { SeededUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf, connectMeta, connectWordpress, sandboxOf } from './support/platform-accounts';
import {
  attemptsOfPost,
  reloadPost,
  seedScheduledPost,
  uniqueText,
} from './support/publishing-engine-support';

let h: Harness;
let user: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  user = await studioUser(h);
  await connectWordpress(h, user);
  await connectMeta(h, user, 'facebook');
});
afterAll(() => h.close());

describe('Publishing engine on WordPress and Facebook', () => {
  it('publishes a blog post to WordPress once when the site answers 500 after saving it', async () => {
    const title = uniqueText('Weekly pipeline reviews').slice(0, 60);
    const item = await insertItem(h, user, {
      kind: 'blog',
      title,
      body: '<h2>Why weekly</h2><p>Deals move weekly; so should the review.</p>',
      data: { topic: title, keywords: ['pipeline'], length: 'short', planPeriod: '2026-11' },
    });
    const connection = await connectionOf(h, user, 'wordpress');
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at: new Date() });
    sandboxOf(h).faults.inject({
      method: 'POST',
      path: '/wp/demo/wp-json/wp/v2/posts',
      status: 500,
      after_handling: true,
    });

    expect(await publishScheduledPost(h.deps, post.id)).toBe('published');
    const onSite = sandboxOf(h)
      .platforms.wordpress.posts('demo')
      .filter((p) => p.title === title);
    expect(onSite).toHaveLength(1);
    const after = await reloadPost(h, post.id);
    expect(after).toMatchObject({ status: 'published', externalId: String(onSite[0]?.id) });
    expect((await attemptsOfPost(h, post.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'found'],
    ]);
  });

  it('pauses a Facebook post while Meta limits the page, without failing it or calling Meta again early', async () => {
    const posts = await studioSocialPosts(h, user, ['facebook'], 'Discovery calls that close');
    const connection = await connectionOf(h, user, 'facebook');
    const post = await seedScheduledPost(h, {
      user,
      itemId: posts.facebook.id,
      connection,
      at: new Date(),
    });
    const meta = sandboxOf(h).platforms.meta;
    meta.setUsage({ page: { call_count: 100 } });
    const before = Date.now();
    expect(await publishScheduledPost(h.deps, post.id)).toBe('paused');
    const paused = await reloadPost(h, post.id);
    expect(paused.status).toBe('scheduled');
    expect(paused.pausedReason).toBeTruthy();
    // Meta's own limit pauses for at least 15 minutes (docs/decisions/publishing.md, "Publishing clients:
    // Facebook and Instagram", its error kinds).
    expect((paused.notBefore?.getTime() ?? 0) - before).toBeGreaterThanOrEqual(14 * 60_000);

    // Meta is fine again, but the client keeps the page's pause: the post waits, it does not fail.
    meta.setUsage({ page: { call_count: 0 } });
    const postsBefore = meta.posts().length;
    await h.deps.db
      .update(scheduledPosts)
      .set({ notBefore: new Date(Date.now() - 1_000) })
      .where(eq(scheduledPosts.id, post.id));
    expect(await publishScheduledPost(h.deps, post.id)).toBe('paused');
    expect((await reloadPost(h, post.id)).status).toBe('scheduled');
    expect(meta.posts()).toHaveLength(postsBefore);
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.map((a) => [a.outcome, a.errorKind])).toEqual([
      ['paused', 'rate_limited'],
      ['paused', 'rate_limited'],
    ]);
  });
});
