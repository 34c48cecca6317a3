import type { PGlite } from '@electric-sql/pglite';
import { inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app-deps';
import type { Db } from '../src/db/open-database';
import * as schema from '../src/db/schema';
import { type ScheduledPostRow, type SocialConnectionRow, scheduledPosts } from '../src/db/schema';
import { startJobQueue } from '../src/jobs/job-queue';
import { fixedClock } from '../src/lib/core/clock';
import { ENGINE, renewLeases } from '../src/modules/publishing/engine';
import { createPlatformSlots } from '../src/modules/publishing/engine/platform-slots';
import { publishScheduledPosts } from '../src/modules/publishing/engine/publish-scheduled-post';
import { publishWorkersFor, workPublishPosts } from '../src/modules/publishing/engine/work-publish-posts';
import type { Publisher } from '../src/modules/publishing/publisher';
import { linkedInPublisher } from '../src/modules/publishing/publishers/linkedin';
import { wordpressPublisher } from '../src/modules/publishing/publishers/wordpress';
import { queuePublish } from '../src/modules/publishing/queue-publish';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { connectionOf, sandboxOf } from './support/platform-accounts';
import {
  attemptsOfPost,
  aUserWithLinkedIn,
  linkedInPostsOf,
  seedLinkedInPost,
  seedScheduledPost,
  uniqueText,
  waitFor,
} from './support/publishing-engine-support';

// An API process (it queues, it works no job) beside a worker the test starts itself with the engine's
// own fetch settings and stand-ins in front of the platforms that count the calls in flight.
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ engine: false, role: 'api' });
}, 60_000);
afterAll(() => h.close());

type Platform = 'linkedin' | 'wordpress';
type Account = { user: SeededUser; connection: SocialConnectionRow; platform: Platform };

/** A user with a WordPress site of their own in the sandbox, connected as the Integrations page does. */
const aUserWithWordpress = async (): Promise<Account> => {
  const user = await seedUser(h);
  const wordpress = sandboxOf(h).platforms.wordpress;
  const name = `site-${user.user.id.slice(0, 8)}`;
  const baseUrl = wordpress.addSite({ name, title: `Site of ${user.email}` });
  const { applicationPassword } = wordpress.addUser(name, { username: 'editor', role: 'editor' });
  const answer = await h.call('POST', '/api/wordpress', {
    token: user.accessToken,
    body: { USERNAME: 'editor', PASSWORD: applicationPassword, HOSTNAME: baseUrl },
  });
  if (answer.statusCode !== 200) throw new Error(`WordPress did not connect: ${answer.body}`);
  return { user, connection: await connectionOf(h, user, 'wordpress'), platform: 'wordpress' };
};

/** `count` accounts of each platform, each with `perAccount` posts due a second ago. */
const dueBurst = async (count: number, perAccount: number) => {
  const accounts: Account[] = [];
  for (let n = 0; n < count; n++) {
    accounts.push({ ...(await aUserWithLinkedIn(h)), platform: 'linkedin' });
    accounts.push(await aUserWithWordpress());
  }
  const at = new Date(Date.now() - 1_000);
  const posts: ScheduledPostRow[] = [];
  // Interleaved, as a minute's posts come from many users and platforms.
  for (let p = 0; p < perAccount; p++)
    for (const { user, connection, platform } of accounts) {
      const item =
        platform === 'linkedin'
          ? await seedLinkedInPost(h, user)
          : await seedContentItem(h, user.user.id, {
              kind: 'blog',
              status: 'ready',
              title: uniqueText('Weekly reviews').slice(0, 40),
              body: '<h2>Why weekly</h2><p>Deals move weekly.</p>',
              data: {
                topic: 'Weekly reviews',
                keywords: ['pipeline'],
                length: 'short',
                planPeriod: '2026-11',
              },
            });
      posts.push(await seedScheduledPost(h, { user, itemId: item.id, connection, at }));
    }
  return { accounts, posts };
};

/** What the platforms hold from an account: one post per scheduled post, or more if one went twice. */
const postsOnPlatform = (account: Account) =>
  account.platform === 'linkedin'
    ? linkedInPostsOf(h, account.connection).length
    : (
        sandboxOf(h).platforms.wordpress.posts(String(account.connection.meta.baseUrl?.split('/wp/')[1])) ??
        []
      ).length;

const statesOf = async (posts: ScheduledPostRow[]) =>
  (
    await h.deps.db
      .select({ status: scheduledPosts.status })
      .from(scheduledPosts)
      .where(
        inArray(
          scheduledPosts.id,
          posts.map((post) => post.id),
        ),
      )
  ).map((row) => row.status);

/** How many statements took these posts for publishing: each take stamps its attempts with one instant. */
const takes = async (posts: ScheduledPostRow[]) => {
  const result = await h.deps.db.execute(sql`
    select count(distinct started_at)::int as n from publish_attempts
    where action = 'publish' and number = 1 and ${inArray(
      schema.publishAttempts.scheduledPostId,
      posts.map((post) => post.id),
    )}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
};

/**
 * Stand-ins in front of LinkedIn and WordPress that count the calls in flight, per platform, per account
 * and in all, and hold each call a moment before the platform's answer, so the calls of a burst overlap.
 * `behave` may keep a call from ever answering (a process that died mid-call).
 */
const countingStandIns = (behave: (platform: Platform, call: number) => 'answer' | 'lost' | 'never') => {
  const inFlight = { linkedin: 0, wordpress: 0, total: 0 };
  const most = { linkedin: 0, wordpress: 0, total: 0, perAccount: 0 };
  const perAccount = new Map<string, number>();
  const calls = { linkedin: 0, wordpress: 0 };
  const hung: { release: () => void }[] = [];
  const wrap = (platform: Platform, real: Publisher): Publisher => ({
    lookFor: real.lookFor,
    publish: async (deps, piece) => {
      calls[platform]++;
      const how = behave(platform, calls[platform]);
      const account = piece.connection.id;
      inFlight[platform]++;
      inFlight.total++;
      perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
      most[platform] = Math.max(most[platform], inFlight[platform]);
      most.total = Math.max(most.total, inFlight.total);
      most.perAccount = Math.max(most.perAccount, perAccount.get(account) ?? 0);
      try {
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (how === 'never') {
          // The process died before the request left: the platform never sees it.
          await new Promise<void>((resolve) => hung.push({ release: resolve }));
          throw new Error('this process never came back');
        }
        const published = await real.publish(deps, piece);
        // The platform made the post; the process died before its answer was read.
        if (how === 'lost') await new Promise<void>((resolve) => hung.push({ release: resolve }));
        return published;
      } finally {
        inFlight[platform]--;
        inFlight.total--;
        perAccount.set(account, (perAccount.get(account) ?? 1) - 1);
      }
    },
  });
  return {
    publishers: {
      linkedin: wrap('linkedin', linkedInPublisher),
      wordpress: wrap('wordpress', wordpressPublisher),
    },
    most,
    calls,
    /** Calls that will never answer: the process died in them. */
    hung: () => hung.length,
    releaseAll: () => {
      for (const call of hung.splice(0)) call.release();
    },
  };
};

const smallSlots = (linkedin: number, wordpress: number) =>
  createPlatformSlots({ platforms: { linkedin, wordpress, facebook: 1, instagram: 1 }, perAccount: 2 });

/** A second process's own handle on the same database: its leases and settles are its own. */
const anotherProcessHandle = (): Db => {
  const client = (h.deps.db as unknown as { $client: unknown }).$client;
  return (h.database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema })
    : drizzlePg(client as pg.Pool, { schema })) as unknown as Db;
};

const quiet = { error: () => undefined };

describe('Publishing engine: a minute of posts', () => {
  it('takes a burst of 50 due posts in a few fetches and publishes them side by side within each platform’s slots, once each', {
    timeout: 90_000,
  }, async () => {
    const { accounts, posts } = await dueBurst(5, 5);
    for (const post of posts) await queuePublish(h.deps, { id: post.id, at: post.scheduledFor });
    const standIns = countingStandIns(() => 'answer');
    const worker = await startJobQueue(h.database.executeSql, quiet, { pollingSeconds: 0.5 });
    const working = await workPublishPosts(worker, h.deps, {
      publishers: standIns.publishers,
      slots: smallSlots(4, 3),
    });
    try {
      await waitFor(async () => (await statesOf(posts)).every((status) => status === 'published'), {
        timeoutMs: 60_000,
        what: 'the 50 posts to be published',
      });
    } finally {
      working.stop();
      await worker.stop();
    }

    // Fetched and taken in batches: a few statements, not one per post (each take stamps one instant).
    expect(await takes(posts)).toBeLessThanOrEqual(publishWorkersFor(h.deps).concurrency);
    // Side by side, each platform up to its own limit and never past it, two per account at most.
    const { perAccount, ...perPlatform } = standIns.most;
    expect(perPlatform).toEqual({ linkedin: 4, wordpress: 3, total: 7 });
    expect(perAccount).toBeLessThanOrEqual(2);
    expect(standIns.calls).toEqual({ linkedin: 25, wordpress: 25 });
    for (const account of accounts) expect(postsOnPlatform(account)).toBe(5);
    for (const post of posts.slice(0, 4))
      expect((await attemptsOfPost(h, post.id)).map((a) => [a.action, a.outcome])).toEqual([
        ['publish', 'published'],
      ]);
  });

  it('publishes every post of a batch exactly once after its process died mid-batch', {
    timeout: 90_000,
  }, async () => {
    const { accounts, posts } = await dueBurst(3, 4);
    const ids = posts.map((post) => post.id);
    // Each platform: two calls answered, two that reached the platform and whose answers were lost, one
    // that never left; the process dies then, with every slot taken and seven posts of each platform
    // still waiting for one. Its clock stops with it, so its leases are never renewed past its death.
    // (A call after those would be answered: none may come.)
    const standIns = countingStandIns((_, call) =>
      call <= 2 || call > 5 ? 'answer' : call <= 4 ? 'lost' : 'never',
    );
    const diedAt = new Date();
    const dying: AppDeps = { ...h.deps, db: anotherProcessHandle(), clock: fixedClock(diedAt) };
    const batch = publishScheduledPosts(dying, ids, {
      publishers: standIns.publishers,
      slots: smallSlots(3, 3),
    });
    await waitFor(
      // Every call of the death in its place: the lost ones made on the platform, the last one stopped.
      async () =>
        standIns.hung() === 6 &&
        (await statesOf(posts)).filter((status) => status === 'published').length === 4,
      { what: 'the batch to be mid-way' },
    );
    // The whole batch was taken by one statement.
    expect(await takes(posts)).toBe(1);

    // Another worker, once the dead process's leases have ended, runs the batch's jobs again.
    const survivor: AppDeps = {
      ...h.deps,
      clock: fixedClock(new Date(diedAt.getTime() + ENGINE.LEASE_MS + 1_000)),
    };
    const outcomes = await publishScheduledPosts(survivor, ids, { readBackSettleMs: 0 });
    expect([...outcomes.values()].filter((outcome) => outcome === 'published')).toHaveLength(20);
    expect(await statesOf(posts)).toEqual(ids.map(() => 'published'));
    for (const account of accounts) expect(postsOnPlatform(account)).toBe(4);
    const histories = await Promise.all(
      posts.map(async (post) =>
        (await attemptsOfPost(h, post.id)).map((a) => `${a.action} ${a.outcome}`).join(', '),
      ),
    );
    const count = (history: string) => histories.filter((one) => one === history).length;
    // Answered before the death; made on the platform, found by the read-back; never made, published once.
    expect(count('publish published')).toBe(4);
    expect(count('publish unknown, read_back found')).toBe(4);
    expect(count('publish unknown, read_back not_found, publish published')).toBe(16);

    // The dead process was only stalled: it wakes, its renewal finds every attempt taken over, and its
    // calls end. Nothing it does now reaches a platform or moves a post.
    expect(await renewLeases(dying)).toBe(0);
    standIns.releaseAll();
    await batch;
    expect(standIns.calls).toEqual({ linkedin: 5, wordpress: 5 });
    expect(await statesOf(posts)).toEqual(ids.map(() => 'published'));
    for (const account of accounts) expect(postsOnPlatform(account)).toBe(4);
  });
});
