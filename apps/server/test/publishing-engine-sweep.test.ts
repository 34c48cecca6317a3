import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishAttempts, scheduledPosts, socialConnections } from '../src/db/schema';
import { publishLinkedInPost } from '../src/lib/clients/publishing/linkedin';
import {
  ENGINE,
  publishScheduledPost,
  recoverPublishing,
  sweepScheduledPosts,
} from '../src/modules/publishing/engine';
import { queuePublish } from '../src/modules/publishing/queue-publish';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/platform-accounts';
import {
  aDuePost,
  attemptsOfPost,
  aUserWithLinkedIn,
  linkedInPostsOf,
  noticesOf,
  reloadPost,
  seedLinkedInPost,
  seedScheduledPost,
  waitForStatus,
} from './support/publishing-engine-support';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());
beforeEach(() => sandboxOf(h).faults.clear());

const ago = (ms: number) => new Date(Date.now() - ms);

/**
 * A post a worker took and died with: `publishing`, its publish attempt written and never finished,
 * `startedAt` ago, its lease never renewed (ended LEASE_MS after the start) unless `leaseLeftMs` says it
 * still runs that long. `platformHasIt`: the call had reached LinkedIn before the process died.
 */
const aPostLeftMidAttempt = async (startedAgoMs: number, platformHasIt: boolean, leaseLeftMs?: number) => {
  const { user, connection } = await aUserWithLinkedIn(h);
  const item = await seedLinkedInPost(h, user);
  const startedAt = ago(startedAgoMs);
  const post = await seedScheduledPost(h, {
    user,
    itemId: item.id,
    connection,
    at: ago(startedAgoMs + 1_000),
    changes: { status: 'publishing', attempts: 1 },
  });
  await h.deps.db.insert(publishAttempts).values({
    scheduledPostId: post.id,
    userId: user.user.id,
    number: 1,
    action: 'publish',
    startedAt,
    leaseUntil:
      leaseLeftMs === undefined
        ? new Date(startedAt.getTime() + ENGINE.LEASE_MS)
        : new Date(Date.now() + leaseLeftMs),
  });
  if (platformHasIt)
    await publishLinkedInPost(h.deps.publishing.linkedin, {
      accessToken: h.deps.vault.open(connection.sealedToken),
      memberSub: connection.externalId,
      text: item.body,
    });
  return { user, connection, item, post };
};

describe('Publishing engine: the sweep', () => {
  it('reads back a post left mid-attempt by a process that died, and never posts it twice', async () => {
    const { connection, post } = await aPostLeftMidAttempt(ENGINE.LEASE_MS + 5_000, true);

    const report = await sweepScheduledPosts(h.deps, h.services.jobs);
    expect(report.inDoubt).toBeGreaterThanOrEqual(1);
    const published = await waitForStatus(h, post.id, 'published');
    const platformPosts = linkedInPostsOf(h, connection);
    expect(platformPosts).toHaveLength(1);
    expect(published.externalId).toBe(platformPosts[0]?.urn);
    const attempts = await attemptsOfPost(h, post.id);
    expect(attempts.map((a) => [a.number, a.action, a.outcome])).toEqual([
      [1, 'publish', 'unknown'],
      [2, 'read_back', 'found'],
    ]);
    expect(attempts[0]?.message).toMatch(/stopped/);
  });

  it('publishes a post left mid-attempt whose call never reached LinkedIn, after reading back', async () => {
    const { connection, post } = await aPostLeftMidAttempt(ENGINE.LEASE_MS + 5_000, false);

    await sweepScheduledPosts(h.deps, h.services.jobs);
    await waitForStatus(h, post.id, 'published');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    expect((await attemptsOfPost(h, post.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'not_found'],
      ['publish', 'published'],
    ]);
  });

  it('leaves an attempt whose lease a live worker renews to it, however long it runs', async () => {
    // Started 2 minutes ago (Instagram's container wait is that long), its lease renewed a moment ago.
    const { connection, post } = await aPostLeftMidAttempt(2 * 60_000, false, ENGINE.LEASE_MS - 1_000);
    expect(await publishScheduledPost(h.deps, post.id)).toBe('busy');
    await sweepScheduledPosts(h.deps, h.services.jobs);
    await recoverPublishing(h.deps);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await publishScheduledPost(h.deps, post.id)).toBe('busy');
    expect(await reloadPost(h, post.id)).toMatchObject({ status: 'publishing', attempts: 1 });
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);
  });

  it('finds a due post that lost its job and publishes it', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const item = await seedLinkedInPost(h, user);
    // Saved, but its job never queued (a crash in between), due five minutes ago.
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at: ago(5 * 60_000) });
    // A post due later within the hour whose job was lost gets its job for its own minute.
    const laterItem = await seedLinkedInPost(h, user);
    const later = await seedScheduledPost(h, {
      user,
      itemId: laterItem.id,
      connection,
      at: new Date(Date.now() + 30 * 60_000),
    });

    // A post moved later whose new job was lost: the job of the time it was moved from does not count.
    const movedItem = await seedLinkedInPost(h, user);
    const movedTo = new Date(Date.now() + 40 * 60_000);
    const moved = await seedScheduledPost(h, { user, itemId: movedItem.id, connection, at: movedTo });
    await queuePublish(h.deps, { id: moved.id, at: new Date(Date.now() + 10 * 60_000) });

    const report = await sweepScheduledPosts(h.deps, h.services.jobs);
    expect(report.requeued).toBeGreaterThanOrEqual(3);
    await waitForStatus(h, post.id, 'published');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    expect((await reloadPost(h, later.id)).status).toBe('scheduled');
    const waiting = await h.services.jobs.waiting('publish-post');
    expect(waiting.map((job) => job.data)).toContainEqual({ scheduledPostId: later.id });
    expect(
      waiting.filter((job) => job.data.scheduledPostId === moved.id).map((job) => job.startAfter.getTime()),
    ).toContain(movedTo.getTime());

    // A second sweep finds the later one's job waiting and queues nothing more for it.
    const again = await sweepScheduledPosts(h.deps, h.services.jobs);
    expect(again.requeued).toBe(0);
  });

  it('warns once of a LinkedIn sign-in ending within 14 days, in the app and by e-mail', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const end = new Date(Date.now() + 10 * 24 * 3600 * 1000 + 60_000);
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: end })
      .where(eq(socialConnections.id, connection.id));

    const first = await sweepScheduledPosts(h.deps, h.services.jobs);
    const second = await sweepScheduledPosts(h.deps, h.services.jobs);
    expect(first.tokenWarnings).toBe(1);
    expect(second.tokenWarnings).toBe(0);
    const notices = await noticesOf(h, user);
    expect(notices).toMatchObject([
      { kind: 'token_expiring', title: 'Your LinkedIn connection ends in 10 days', link: '/integrations' },
    ]);
    expect(notices[0]?.body).toContain(end.toISOString().slice(0, 10));
    const mails = await h.mails(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your LinkedIn connection ends in 10 days']);

    // Reconnected (a new token end): warned again when that one nears its end.
    const renewed = new Date(end.getTime() + 3 * 24 * 3600 * 1000);
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: renewed })
      .where(eq(socialConnections.id, connection.id));
    expect((await sweepScheduledPosts(h.deps, h.services.jobs)).tokenWarnings).toBe(1);
  });
});

describe('Publishing engine: the user retries', () => {
  it('publishes a failed post again through the calendar retry, once', async () => {
    const { user, connection, post } = await aDuePost(h);
    sandboxOf(h).faults.inject({
      method: 'POST',
      path: '/linkedin/rest/posts',
      status: 422,
      body: { status: 422, message: 'Commentary is not valid right now' },
    });
    expect(await publishScheduledPost(h.deps, post.id)).toBe('failed');
    expect((await reloadPost(h, post.id)).failureKind).toBe('invalid');

    const retried = await h.call('POST', `/api/schedule/${post.id}/retry`, { token: user.accessToken });
    expect(retried.statusCode).toBe(200);
    const published = await waitForStatus(h, post.id, 'published');
    expect(published).toMatchObject({ failureKind: null, failureReason: null });
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    expect((await attemptsOfPost(h, post.id)).map((a) => [a.number, a.outcome])).toEqual([
      [1, 'failed'],
      [2, 'published'],
    ]);
  });

  it('holds a post left mid-attempt when LinkedIn cannot be read back; a retry after the user looked publishes it', async () => {
    const { user, connection, post } = await aPostLeftMidAttempt(ENGINE.LEASE_MS + 5_000, false);
    const linkedin = sandboxOf(h).platforms.linkedin;
    linkedin.setReadBackAllowed(false);
    try {
      expect(await publishScheduledPost(h.deps, post.id, { readBackSettleMs: 0 })).toBe('held');
    } finally {
      linkedin.setReadBackAllowed(true);
    }
    expect(await reloadPost(h, post.id)).toMatchObject({ status: 'held', failureKind: 'unknown_outcome' });
    expect(linkedInPostsOf(h, connection)).toHaveLength(0);
    expect(await noticesOf(h, user)).toMatchObject([{ kind: 'publish_held' }]);

    // The user looked: it is not there. Their retry sends it, once.
    const retried = await h.call('POST', `/api/schedule/${post.id}/retry`, { token: user.accessToken });
    expect(retried.statusCode).toBe(200);
    await waitForStatus(h, post.id, 'published');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    const rows = await h.deps.db.select().from(scheduledPosts).where(eq(scheduledPosts.id, post.id));
    expect(rows[0]?.attempts).toBe(3);
  });
});
