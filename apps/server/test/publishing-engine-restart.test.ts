import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishAttempts } from '../src/db/schema';
import { publishLinkedInPost } from '../src/lib/clients/publishing/linkedin';
import { ENGINE } from '../src/modules/publishing/engine';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/platform-accounts';
import {
  attemptsOfPost,
  aUserWithLinkedIn,
  linkedInPostsOf,
  seedLinkedInPost,
  seedScheduledPost,
  waitForStatus,
} from './support/publishing-engine-support';

// What a killed publishing process leaves, then a worker that starts (the restart, on the embedded
// database) or runs beside it (PostgreSQL): its start and its recovery tick settle every post, each once.
let dead: Harness;
let worker: Harness | null = null;

// A generous start: the machine running the suite may be busy, and the embedded database migrates first.
beforeAll(async () => {
  dead = await startHarness({ engine: false });
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await dead.close();
});

const ago = (ms: number) => new Date(Date.now() - ms);

/** A post the killed process had taken: its attempt unfinished, its lease renewed just before it died. */
const aPostTakenByTheDead = async (platformHasIt: boolean) => {
  const { user, connection } = await aUserWithLinkedIn(dead);
  const item = await seedLinkedInPost(dead, user);
  const post = await seedScheduledPost(dead, {
    user,
    itemId: item.id,
    connection,
    at: ago(2_000),
    changes: { status: 'publishing', attempts: 1, updatedAt: ago(1_000) },
  });
  await dead.deps.db.insert(publishAttempts).values({
    scheduledPostId: post.id,
    userId: user.user.id,
    number: 1,
    action: 'publish',
    startedAt: ago(1_000),
    leaseUntil: new Date(Date.now() + ENGINE.LEASE_MS),
  });
  if (platformHasIt)
    await publishLinkedInPost(dead.deps.publishing.linkedin, {
      accessToken: dead.deps.vault.open(connection.sealedToken),
      memberSub: connection.externalId,
      text: item.body,
    });
  return { connection, post };
};

describe('Publishing engine after a process was killed', () => {
  it('settles every post it left, each once, within a minute of the restart (embedded) or the death', {
    timeout: 90_000,
  }, async () => {
    const sent = await aPostTakenByTheDead(true);
    const notSent = await aPostTakenByTheDead(false);
    // Its job died with the process a moment after the minute: nothing waits in the queue for it.
    const { user, connection } = await aUserWithLinkedIn(dead);
    const item = await seedLinkedInPost(dead, user);
    const due = await seedScheduledPost(dead, {
      user,
      itemId: item.id,
      connection,
      at: ago(2_000),
      changes: { updatedAt: ago(2_000) },
    });

    // A worker process on the same database and platforms (engine on: its start and its tick recover).
    worker = await startHarness({
      database: dead.database,
      env: { PLATFORM_SANDBOX_URL: sandboxOf(dead).url },
    });
    // Embedded: at once, long before the leases end (the data directory's lock proves their holder dead).
    // PostgreSQL: another worker cannot know that: at the lease's end (or the lost job's grace), then the
    // next tick.
    const within = dead.config.databaseUrl
      ? Math.max(ENGINE.LEASE_MS, ENGINE.LOST_JOB_GRACE_MS) + ENGINE.RECOVERY_TICK_MS + 15_000
      : ENGINE.LEASE_MS - 5_000;
    for (const { post, connection: account } of [sent, notSent, { post: due, connection }]) {
      const published = await waitForStatus(dead, post.id, 'published', within);
      expect(linkedInPostsOf(dead, account)).toHaveLength(1);
      expect(published.externalId).toBe(linkedInPostsOf(dead, account)[0]?.urn);
    }
    expect((await attemptsOfPost(dead, sent.post.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'found'],
    ]);
    expect((await attemptsOfPost(dead, notSent.post.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'not_found'],
      ['publish', 'published'],
    ]);
  });
});
