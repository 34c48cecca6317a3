import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app-deps';
import { publishAttempts, type ScheduledPostRow } from '../src/db/schema';
import { publishLinkedInPost } from '../src/lib/clients/publishing/linkedin';
import { fixedClock } from '../src/lib/core/clock';
import {
  ENGINE,
  publishScheduledPost,
  recoverPublishing,
  renewLeases,
} from '../src/modules/publishing/engine';
import type { Publisher } from '../src/modules/publishing/publisher';
import { linkedInPublisher } from '../src/modules/publishing/publishers/linkedin';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/platform-accounts';
import {
  attemptsOfPost,
  aUserWithLinkedIn,
  linkedInPostsOf,
  reloadPost,
  seedLinkedInPost,
  seedScheduledPost,
  waitFor,
} from './support/publishing-engine-support';

// The recovery tick is driven by hand here (engine: false): the harness's job workers run the jobs it
// queues, as a worker process's would.
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ engine: false });
}, 60_000);
afterAll(() => h.close());
beforeEach(() => sandboxOf(h).faults.clear());

const ago = (ms: number) => new Date(Date.now() - ms);

/** The jobs waiting for one post (the queue's own view). */
const jobsOf = async (postId: number) =>
  (await h.services.jobs.waiting('publish-post')).filter((job) => job.data.scheduledPostId === postId);

/**
 * A post whose publish attempt a worker wrote and then died (or still runs): `publishing`, its attempt
 * unfinished, started `startedAgoMs` ago, its lease ending at `leaseUntil`. `platformHasIt`: the call
 * had reached LinkedIn.
 */
const aPostMidAttempt = async (input: { startedAgoMs: number; leaseUntil: Date; platformHasIt: boolean }) => {
  const { user, connection } = await aUserWithLinkedIn(h);
  const item = await seedLinkedInPost(h, user);
  const startedAt = ago(input.startedAgoMs);
  const post = await seedScheduledPost(h, {
    user,
    itemId: item.id,
    connection,
    at: ago(input.startedAgoMs + 1_000),
    changes: { status: 'publishing', attempts: 1, updatedAt: startedAt },
  });
  await h.deps.db.insert(publishAttempts).values({
    scheduledPostId: post.id,
    userId: user.user.id,
    number: 1,
    action: 'publish',
    startedAt,
    leaseUntil: input.leaseUntil,
  });
  if (input.platformHasIt)
    await publishLinkedInPost(h.deps.publishing.linkedin, {
      accessToken: h.deps.vault.open(connection.sealedToken),
      memberSub: connection.externalId,
      text: item.body,
    });
  return { user, connection, item, post };
};

/** A due `scheduled` post whose job nobody runs (it died with its process), due and saved `dueAgoMs` ago. */
const aPostWithoutJob = async (dueAgoMs: number) => {
  const { user, connection } = await aUserWithLinkedIn(h);
  const item = await seedLinkedInPost(h, user);
  const post = await seedScheduledPost(h, {
    user,
    itemId: item.id,
    connection,
    at: ago(dueAgoMs),
    changes: { updatedAt: ago(dueAgoMs) },
  });
  return { connection, post };
};

/**
 * LinkedIn's publisher behind a gate: the call waits (as Instagram's container wait does) until the test
 * lets it go, then publishes, or fails as a process that never came back would leave it.
 */
const gatedPublisher = () => {
  let open: (go: boolean) => void = () => undefined;
  const gate = new Promise<boolean>((resolve) => {
    open = resolve;
  });
  let calls = 0;
  const publisher: Publisher = {
    publish: async (deps, piece) => {
      calls++;
      if (!(await gate)) throw new Error('this process never came back');
      return linkedInPublisher.publish(deps, piece);
    },
    lookFor: linkedInPublisher.lookFor,
  };
  return { publisher, open: (go: boolean) => open(go), calls: () => calls };
};

/** Another worker's view of the same database, on the test's clock. */
const onClock = (clock: AppDeps['clock']): AppDeps => ({ ...h.deps, clock });

const expectOnePostOn = (connection: Parameters<typeof linkedInPostsOf>[1], post: ScheduledPostRow) =>
  waitFor(
    async () => {
      const published = await reloadPost(h, post.id);
      return published.status === 'published' ? published : null;
    },
    { what: `post ${post.id} published` },
  ).then((published) => {
    const onPlatform = linkedInPostsOf(h, connection);
    expect(onPlatform).toHaveLength(1);
    expect(published.externalId).toBe(onPlatform[0]?.urn);
  });

describe('Publishing engine: recovery by leases', () => {
  it('reads back an attempt whose process died as soon as its lease ends, not minutes later', async () => {
    // The worker took the post 32 s ago and died: its lease (30 s, never renewed) ended 2 s ago.
    const dead = await aPostMidAttempt({
      startedAgoMs: ENGINE.LEASE_MS + 2_000,
      leaseUntil: ago(2_000),
      platformHasIt: true,
    });
    // Another worker's attempt, whose lease it renewed a moment ago: left alone.
    const alive = await aPostMidAttempt({
      startedAgoMs: ENGINE.LEASE_MS + 2_000,
      leaseUntil: new Date(Date.now() + ENGINE.LEASE_MS - 1_000),
      platformHasIt: false,
    });

    const report = await recoverPublishing(h.deps);
    expect(report.readBacks).toBeGreaterThanOrEqual(1);
    await expectOnePostOn(dead.connection, dead.post);
    expect((await attemptsOfPost(h, dead.post.id)).map((a) => [a.number, a.action, a.outcome])).toEqual([
      [1, 'publish', 'unknown'],
      [2, 'read_back', 'found'],
    ]);

    expect(await jobsOf(alive.post.id)).toEqual([]);
    expect(await publishScheduledPost(h.deps, alive.post.id)).toBe('busy');
    expect(await reloadPost(h, alive.post.id)).toMatchObject({ status: 'publishing', attempts: 1 });
    expect(linkedInPostsOf(h, alive.connection)).toHaveLength(0);
  });

  it('never takes over a long attempt of a live worker: its lease is renewed while the call waits', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const item = await seedLinkedInPost(h, user);
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at: new Date() });
    const clock = fixedClock(new Date());
    const live = onClock(clock);
    const gated = gatedPublisher();

    const running = publishScheduledPost(live, post.id, { publishers: { linkedin: gated.publisher } });
    await waitFor(async () => gated.calls() > 0, { what: 'the call to start' });
    // Three minutes of a call that waits (longer than Instagram's container wait), renewed as the
    // worker's timer renews it; every other worker, and the recovery tick, sees it alive throughout.
    for (let elapsed = 0; elapsed < 3 * 60_000; elapsed += ENGINE.LEASE_RENEW_MS) {
      clock.advance(ENGINE.LEASE_RENEW_MS);
      expect(await renewLeases(live)).toBeGreaterThanOrEqual(1);
      expect(await publishScheduledPost(onClock(clock), post.id, { readBackSettleMs: 0 })).toBe('busy');
    }
    await recoverPublishing(live);
    expect(await jobsOf(post.id)).toEqual([]);

    gated.open(true);
    expect(await running).toBe('published');
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
    expect((await attemptsOfPost(h, post.id)).map((a) => [a.number, a.action, a.outcome])).toEqual([
      [1, 'publish', 'published'],
    ]);
  });

  it('never brings back by a late renewal an attempt another worker took over', async () => {
    const { user, connection } = await aUserWithLinkedIn(h);
    const item = await seedLinkedInPost(h, user);
    const post = await seedScheduledPost(h, { user, itemId: item.id, connection, at: new Date() });
    const clock = fixedClock(new Date());
    const frozen = onClock(clock);
    const gated = gatedPublisher();

    const running = publishScheduledPost(frozen, post.id, { publishers: { linkedin: gated.publisher } });
    await waitFor(async () => gated.calls() > 0, { what: 'the call to start' });
    // The worker froze past its lease: another worker reads the post back (not there) and publishes it.
    clock.advance(ENGINE.LEASE_MS + 1_000);
    expect(await publishScheduledPost(onClock(clock), post.id, { readBackSettleMs: 0 })).toBe('published');

    // The frozen worker wakes: its renewal finds nothing to renew, and its attempt stays closed.
    expect(await renewLeases(frozen)).toBe(0);
    gated.open(false);
    await running;
    expect(await reloadPost(h, post.id)).toMatchObject({ status: 'published', attempts: 3 });
    expect((await attemptsOfPost(h, post.id)).map((a) => [a.number, a.action, a.outcome])).toEqual([
      [1, 'publish', 'unknown'],
      [2, 'read_back', 'not_found'],
      [3, 'publish', 'published'],
    ]);
    expect(linkedInPostsOf(h, connection)).toHaveLength(1);
  });

  it('queues again a due post whose job died with its process, after a short grace, and publishes it once', async () => {
    const lost = await aPostWithoutJob(ENGINE.LOST_JOB_GRACE_MS + 5_000);
    // Due a moment ago: its job is most likely running now, so nothing is queued for it yet.
    const recent = await aPostWithoutJob(2_000);

    const report = await recoverPublishing(h.deps);
    expect(report.requeued).toBeGreaterThanOrEqual(1);
    await expectOnePostOn(lost.connection, lost.post);
    expect(await jobsOf(recent.post.id)).toEqual([]);
    expect((await reloadPost(h, recent.post.id)).status).toBe('scheduled');
  });

  it('at the start of the embedded database, reads back every unfinished attempt and queues every due post at once', async () => {
    // Killed a second ago: its attempt's lease still runs, but the data directory's lock proves it dead.
    const killed = await aPostMidAttempt({
      startedAgoMs: 1_000,
      leaseUntil: new Date(Date.now() + ENGINE.LEASE_MS - 1_000),
      platformHasIt: true,
    });
    const notSent = await aPostMidAttempt({
      startedAgoMs: 1_000,
      leaseUntil: new Date(Date.now() + ENGINE.LEASE_MS - 1_000),
      platformHasIt: false,
    });
    // Its job died with the process a second after it was due.
    const due = await aPostWithoutJob(1_000);

    const report = await recoverPublishing(h.deps, { atStart: true });
    expect(report.readBacks).toBeGreaterThanOrEqual(2);
    expect(report.requeued).toBeGreaterThanOrEqual(1);
    await expectOnePostOn(killed.connection, killed.post);
    await expectOnePostOn(notSent.connection, notSent.post);
    await expectOnePostOn(due.connection, due.post);
    expect((await attemptsOfPost(h, notSent.post.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['publish', 'unknown'],
      ['read_back', 'not_found'],
      ['publish', 'published'],
    ]);
  });
});
