import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/open-database';
import type { SocialPlatform } from '../../../db/schema';
import type { Publisher } from '../publisher';
import { PUBLISHERS } from '../publishers';
import { createPlatformSlots, type PlatformSlots } from './platform-slots';

/**
 * The publishers the engine uses (the real ones unless a caller, a test or the bench, gives others) and the
 * slots its platform calls take (the process's own, from ENGINE's limits, unless a caller gives others).
 */
export type EngineOptions = {
  publishers?: Partial<Record<SocialPlatform, Publisher>>;
  slots?: PlatformSlots;
};

export const publishersOf = (options: EngineOptions): Partial<Record<SocialPlatform, Publisher>> =>
  options.publishers ?? PUBLISHERS;

// By database, as the leases are: one set of slots for every worker of a process.
const processSlots = new WeakMap<Db, PlatformSlots>();

/** The slots the engine's platform calls take: the caller's, else this process's (ENGINE's limits). */
export const slotsOf = (deps: Pick<AppDeps, 'db'>, options: EngineOptions): PlatformSlots => {
  if (options.slots) return options.slots;
  let slots = processSlots.get(deps.db);
  if (!slots) {
    slots = createPlatformSlots({
      platforms: ENGINE.PLATFORM_CONCURRENCY,
      perAccount: ENGINE.ACCOUNT_CONCURRENCY,
    });
    processSlots.set(deps.db, slots);
  }
  return slots;
};

/**
 * The engine's timings and limits. Why each value:
 * - DUE_SLACK_MS: the job queue's clock and the server's may differ by a moment; a job that starts a
 *   second before its instant publishes rather than doing nothing (the next job would be an hour away).
 * - LEASE_MS: a running attempt belongs to a live process until its lease ends; the process renews the
 *   leases of its running attempts every LEASE_RENEW_MS, so a long attempt (Instagram's container wait is
 *   2 minutes) keeps its lease, and one whose process died is in doubt at most LEASE_MS after its last
 *   renewal. Four renewals fit in a lease: a renewal delayed by a busy moment does not lose it. With the
 *   tick, a dead process's attempt is read back within about 20 + 10 s, well within the minute promised.
 * - RECOVERY_TICK_MS: how often each worker looks for attempts whose lease ended and due posts whose job
 *   died with a process (an indexed look at what is in flight or overdue only).
 * - UNAVAILABLE_RETRIES: a platform that keeps failing before doing anything is tried this many times
 *   (with growing pauses, about 1 + 2 + 4 + 8 + 16 minutes), then the post fails with its reason.
 * - UNKNOWN_OUTCOMES: answers lost this many times, each read back as "not there", make a person decide.
 * - READ_BACK_FAILURES: a read-back the platform keeps failing is tried this many times, then held.
 * - READ_BACK_SETTLE_MS: a platform that just took a post may list it a moment later; the read-back
 *   after a lost answer waits this long so it does not miss the post and publish it twice.
 * - LOST_JOB_GRACE_MS: a due post the queue has not started yet is not "lost" within this time (the queue
 *   drains a minute with 1,000 posts due within seconds; a job that died with its process is found after it).
 * - PLATFORM_CONCURRENCY: platform calls one process makes at once, per platform. The platforms limit calls
 *   per hour or day (LinkedIn per member and app, Meta by its usage headers), which the clients and the
 *   engine's pauses follow; this keeps a burst (a minute with 1,000 posts due) from opening hundreds of
 *   connections at once. Meta's budget is shared by every page of the app, hence its lower figure.
 * - ACCOUNT_CONCURRENCY: calls at once to one connected account. A WordPress site is a server of its own,
 *   often small; a member or page gets its posts two at a time, not ten at once.
 * - SETTLE_GATHER_MS: published posts settled within this time of each other are written in one statement
 *   (each with its own instant), so settling a burst costs a few round trips instead of one per post.
 */
export const ENGINE = {
  DUE_SLACK_MS: 2_000,
  LEASE_MS: 20_000,
  LEASE_RENEW_MS: 5_000,
  RECOVERY_TICK_MS: 10_000,
  UNAVAILABLE_RETRIES: 5,
  UNAVAILABLE_FIRST_PAUSE_S: 60,
  UNKNOWN_OUTCOMES: 3,
  READ_BACK_FAILURES: 5,
  READ_BACK_SETTLE_MS: 2_000,
  RATE_LIMIT_DEFAULT_PAUSE_S: 15 * 60,
  QUOTA_DEFAULT_PAUSE_S: 60 * 60,
  LOST_JOB_GRACE_MS: 20_000,
  PLATFORM_CONCURRENCY: { linkedin: 50, facebook: 20, instagram: 20, wordpress: 50 },
  ACCOUNT_CONCURRENCY: 2,
  SETTLE_GATHER_MS: 10,
  /** The sweep also checks the jobs of posts due before the next sweep (hourly, plus this margin). */
  SWEEP_LOOKAHEAD_MS: 75 * 60_000,
  TOKEN_WARNING_DAYS: 14,
} as const;

/** What one run of the engine for a post ended with (for logs, tests and the bench). */
export type PublishOutcome =
  | 'published'
  | 'paused'
  | 'failed'
  | 'held'
  /** Nothing to do: not due, rescheduled, removed, or already settled. */
  | 'skipped'
  /** Another worker holds it right now (its attempt's lease is running). */
  | 'busy';
