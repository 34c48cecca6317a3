import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { publishScheduledPost } from '../src/modules/publishing/engine';
import { queuePublish } from '../src/modules/publishing/queue-publish';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectLinkedIn, sandboxOf } from './support/platform-accounts';
import {
  aDuePost,
  attemptsOfPost,
  aUserWithLinkedIn,
  linkedInPostsOf,
  reloadPost,
  seedLinkedInPost,
  seedScheduledPost,
  waitForStatus,
} from './support/publishing-engine-support';

let h: Harness;
let owner: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  owner = await seedUser(h);
});
afterAll(() => h.close());
beforeEach(() => sandboxOf(h).faults.clear());

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('Publishing engine: publishing', () => {
  it('publishes a due post once, records the attempt and marks the LinkedIn post published', async () => {
    const connection = await connectLinkedIn(h, owner, { newMember: true });
    const item = await seedLinkedInPost(h, owner);
    const post = await seedScheduledPost(h, { user: owner, itemId: item.id, connection, at: new Date() });

    expect(await publishScheduledPost(h.deps, post.id)).toBe('published');

    const after = await reloadPost(h, post.id);
    expect(after).toMatchObject({ status: 'published', attempts: 1, failureKind: null });
    expect(after.externalId).toMatch(/^urn:li:share:|^urn:li:ugcPost:/);
    expect(after.externalUrl).toContain(encodeURIComponent(after.externalId ?? ''));
    expect(after.publishedAt).not.toBeNull();
    const platformPosts = linkedInPostsOf(h, connection);
    expect(platformPosts.map((p) => p.urn)).toEqual([after.externalId]);
    expect(platformPosts[0]?.shownText).toBe(item.body);
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ number: 1, action: 'publish', outcome: 'published' });
    expect(attempts[0]?.finishedAt).not.toBeNull();
    const [content] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, item.id));
    expect(content?.data.status).toBe('published');

    // The same job again (a retry, a second copy): nothing more reaches LinkedIn.
    expect(await publishScheduledPost(h.deps, post.id)).toBe('skipped');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
  });

  it('publishes a past-due post at once through the queue', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const item = await seedLinkedInPost(h, user);
    const at = minutesFromNow(-90);
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at });
    const queuedAt = Date.now();
    await queuePublish(h.deps, { id: post.id, at });
    const published = await waitForStatus(h, post.id, 'published');
    expect((published.publishedAt?.getTime() ?? 0) - queuedAt).toBeLessThan(5_000);
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
  });

  it('publishes a post queued for a coming instant at that instant, not before', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const item = await seedLinkedInPost(h, user);
    const at = new Date(Date.now() + 3_000);
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at });
    await queuePublish(h.deps, { id: post.id, at });
    // Its job early (a stale copy, a clock ahead): not yet due, nothing happens.
    expect(await publishScheduledPost(h.deps, post.id)).toBe('skipped');
    const published = await waitForStatus(h, post.id, 'published');
    const late = (published.publishedAt?.getTime() ?? 0) - at.getTime();
    expect(late).toBeGreaterThanOrEqual(-2_000);
    expect(late).toBeLessThan(5_000);
  });

  it('does nothing for the old job of a post rescheduled later, removed or already published', async () => {
    const { connection, post } = await aDuePost(h, minutesFromNow(60));
    // The job of its earlier instant runs now.
    await queuePublish(h.deps, { id: post.id, at: new Date() });
    expect(await publishScheduledPost(h.deps, post.id)).toBe('skipped');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await reloadPost(h, post.id)).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);

    expect(await publishScheduledPost(h.deps, 987_654_321)).toBe('skipped');
  });

  it('lets one of two workers racing on a post call LinkedIn, once', async () => {
    const { connection, post } = await aDuePost(h);
    const outcomes = await Promise.all([
      publishScheduledPost(h.deps, post.id),
      publishScheduledPost({ ...h.deps }, post.id),
      publishScheduledPost({ ...h.deps }, post.id),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'published')).toHaveLength(1);
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    expect(await attemptsOfPost(h, post.id)).toHaveLength(1);
  });
});

describe('Publishing engine: the platform answers badly', () => {
  it('pauses on a 429 with Retry-After, then publishes once when the pause ends', async () => {
    const { connection, post } = await aDuePost(h);
    sandboxOf(h).faults.inject({
      method: 'POST',
      path: '/linkedin/rest/posts',
      status: 429,
      headers: { 'retry-after': '2' },
      body: { status: 429, message: 'Throttled' },
    });

    const started = Date.now();
    expect(await publishScheduledPost(h.deps, post.id)).toBe('paused');
    const paused = await reloadPost(h, post.id);
    expect(paused.status).toBe('scheduled');
    expect(paused.pausedReason).toBeTruthy();
    expect(paused.notBefore?.getTime()).toBeGreaterThanOrEqual(started + 1_500);
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);

    // The job queued for the end of the pause publishes it.
    const published = await waitForStatus(h, post.id, 'published');
    expect(published.publishedAt?.getTime()).toBeGreaterThanOrEqual(paused.notBefore?.getTime() ?? 0);
    expect(published).toMatchObject({ notBefore: null, pausedReason: null, failureKind: null });
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.map((a) => [a.number, a.action, a.outcome, a.errorKind])).toEqual([
      [1, 'publish', 'paused', 'rate_limited'],
      [2, 'publish', 'published', null],
    ]);
  });

  it('reads back after a 5xx that came after LinkedIn made the post, and publishes nothing twice', async () => {
    const { connection, post } = await aDuePost(h);
    sandboxOf(h).faults.inject({
      method: 'POST',
      path: '/linkedin/rest/posts',
      status: 500,
      after_handling: true,
    });

    expect(await publishScheduledPost(h.deps, post.id)).toBe('published');
    const platformPosts = linkedInPostsOf(h, connection);
    expect(platformPosts).toHaveLength(1);
    const after = await reloadPost(h, post.id);
    expect(after).toMatchObject({ status: 'published', externalId: platformPosts[0]?.urn, attempts: 2 });
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.map((a) => [a.number, a.action, a.outcome])).toEqual([
      [1, 'publish', 'unknown'],
      [2, 'read_back', 'found'],
    ]);
  });

  it('publishes again only when the read-back shows the post is not there (5xx before handling)', async () => {
    const { connection, post } = await aDuePost(h);
    // A 500 on the publishing call is an unknown outcome for the client, but here LinkedIn did nothing.
    sandboxOf(h).faults.inject({ method: 'POST', path: '/linkedin/rest/posts', status: 500 });

    expect(await publishScheduledPost(h.deps, post.id)).toBe('published');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'not_found'],
      ['publish', 'published'],
    ]);
  });

  it('holds a post whose answer was lost when LinkedIn will not be read back, and tells the user', async () => {
    const { user, connection, post } = await aDuePost(h);
    const linkedin = sandboxOf(h).platforms.linkedin;
    linkedin.setReadBackAllowed(false);
    try {
      sandboxOf(h).faults.inject({
        method: 'POST',
        path: '/linkedin/rest/posts',
        status: 504,
        after_handling: true,
      });
      expect(await publishScheduledPost(h.deps, post.id)).toBe('held');
    } finally {
      linkedin.setReadBackAllowed(true);
    }
    const held = await reloadPost(h, post.id);
    expect(held.status).toBe('held');
    expect(held.failureReason).toMatch(/read/i);
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    // Never replayed: another run of its job leaves it held.
    expect(await publishScheduledPost(h.deps, post.id)).toBe('skipped');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    const notices = await h.deps.db.query.notices.findMany({
      where: (n, { eq: is }) => is(n.userId, user.user.id),
    });
    expect(notices).toMatchObject([{ kind: 'publish_held', link: `/schedule?post=${post.id}` }]);
    const mails = await h.mails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(notices[0]?.title);
  });

  it('fails a post LinkedIn refuses as a duplicate of a post the member made elsewhere', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const first = await seedLinkedInPost(h, user);
    const twin = await seedLinkedInPost(h, user, first.body);
    const published = await seedScheduledPost(h, { user, itemId: first.id, connection, at: new Date() });
    expect(await publishScheduledPost(h.deps, published.id)).toBe('published');
    const post = await seedScheduledPost(h, { user, itemId: twin.id, connection, at: new Date() });

    expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
    const failed = await reloadPost(h, post.id);
    expect(failed).toMatchObject({ status: 'failed', failureKind: 'duplicate' });
    expect(failed.failureReason).toMatch(/LinkedIn/);
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    const notices = await h.deps.db.query.notices.findMany({
      where: (n, { eq: is }) => is(n.userId, user.user.id),
    });
    expect(notices).toMatchObject([{ kind: 'publish_failed' }]);
    expect(notices[0]?.body).toContain(failed.failureReason ?? 'no reason');
    expect(await h.mails(user.email)).toHaveLength(1);
  });
});
