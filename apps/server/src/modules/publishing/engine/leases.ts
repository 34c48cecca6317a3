import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/open-database';
import { type PublishAttemptRow, publishAttempts } from '../../../db/schema';
import { ENGINE } from './engine-settings';

/** When an attempt's lease ends from `now`. */
export const leaseFrom = (now: Date): Date => new Date(now.getTime() + ENGINE.LEASE_MS);

/**
 * When a running attempt stops belonging to a live process. An attempt written before leases existed
 * has none: it counts as leased for LEASE_MS from its start.
 */
export const leaseEndOf = (attempt: Pick<PublishAttemptRow, 'leaseUntil' | 'startedAt'>): Date =>
  attempt.leaseUntil ?? leaseFrom(attempt.startedAt);

/**
 * The attempts this process runs against one database, renewed together on one timer, with when each one's
 * lease ends as far as this process knows (its last successful renewal).
 */
type Keeper = {
  held: Set<number>;
  until: Map<number, number>;
  timer: NodeJS.Timeout | null;
  renewing: boolean;
};

// By database: a test process may run two engines (two "processes") on two databases side by side.
const keepers = new WeakMap<Db, Keeper>();

const keeperOf = (db: Db): Keeper => {
  let keeper = keepers.get(db);
  if (!keeper) {
    keeper = { held: new Set(), until: new Map(), timer: null, renewing: false };
    keepers.set(db, keeper);
  }
  return keeper;
};

/**
 * One UPDATE for every attempt this process still runs. Only unfinished attempts are renewed: an attempt
 * another worker took over was closed (`finished_at`) in the take-over's own transaction, so a late
 * renewal can never bring it back. Attempts no longer running are forgotten.
 */
export const renewLeases = async (deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> => {
  const keeper = keeperOf(deps.db);
  const ids = [...keeper.held];
  if (ids.length === 0) return 0;
  const leaseUntil = leaseFrom(deps.clock.now());
  const renewed = await deps.db
    .update(publishAttempts)
    .set({ leaseUntil })
    .where(and(inArray(publishAttempts.id, ids), isNull(publishAttempts.finishedAt)))
    .returning({ id: publishAttempts.id });
  const still = new Set(renewed.map((row) => row.id));
  for (const id of ids) {
    if (still.has(id)) {
      if (keeper.held.has(id)) keeper.until.set(id, leaseUntil.getTime());
    } else {
      keeper.held.delete(id);
      keeper.until.delete(id);
    }
  }
  return renewed.length;
};

const stopIfIdle = (keeper: Keeper) => {
  if (keeper.held.size > 0 || !keeper.timer) return;
  clearInterval(keeper.timer);
  keeper.timer = null;
};

/**
 * Keeps an attempt's lease while this process works on it (the platform call, a read-back, Instagram's
 * container wait): renewed every LEASE_RENEW_MS until the returned release is called. The timer runs
 * only while this process holds an attempt, and never keeps the process alive.
 */
export const holdLease = (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  attempt: { id: number; leaseUntil: Date | null },
  log: { error: (obj: object, msg: string) => void } = console,
): (() => void) => {
  const keeper = keeperOf(deps.db);
  const attemptId = attempt.id;
  keeper.held.add(attemptId);
  keeper.until.set(attemptId, (attempt.leaseUntil ?? leaseFrom(deps.clock.now())).getTime());
  if (!keeper.timer) {
    keeper.timer = setInterval(() => {
      if (keeper.renewing) return;
      keeper.renewing = true;
      renewLeases(deps)
        .catch((error: unknown) => log.error({ err: error }, 'renewing publish attempt leases failed'))
        .finally(() => {
          keeper.renewing = false;
          stopIfIdle(keeper);
        });
    }, ENGINE.LEASE_RENEW_MS);
    keeper.timer.unref();
  }
  return () => {
    keeper.held.delete(attemptId);
    keeper.until.delete(attemptId);
    stopIfIdle(keeper);
  };
};

/**
 * Whether this process may still call the platform for an attempt it holds: no renewal found it taken over,
 * and its lease, as last renewed, has at least one renewal period left. A call is never started on a lease
 * that may have ended meanwhile: a post that waited for a platform slot while this process stalled (a long
 * pause of the event loop, a database that did not answer the renewals) may already be read back and
 * published by another worker. Such a post is left to the read-back that follows its lease's end.
 */
export const stillLeased = (deps: Pick<AppDeps, 'db' | 'clock'>, attemptId: number): boolean => {
  const keeper = keeperOf(deps.db);
  const until = keeper.until.get(attemptId);
  return (
    keeper.held.has(attemptId) &&
    until !== undefined &&
    until - deps.clock.now().getTime() >= ENGINE.LEASE_RENEW_MS
  );
};

/** The attempts this process holds right now (for tests and the bench). */
export const heldAttempts = (db: Db): number[] => [...keeperOf(db).held];

/**
 * On the embedded database at start: the data directory's lock proves every earlier process gone, so
 * every running attempt's lease is ended `at` (the recovery's own instant, so its look for ended leases
 * finds them however long this statement took) and the attempt is read back at once.
 */
export const endEveryLease = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  at: Date = deps.clock.now(),
): Promise<number> => {
  const ended = await deps.db
    .update(publishAttempts)
    .set({ leaseUntil: at })
    .where(isNull(publishAttempts.finishedAt))
    .returning({ id: publishAttempts.id });
  return ended.length;
};

/** A running attempt of this post whose lease has not ended (SQL, for conditional statements). */
export const liveAttemptOf = (postId: unknown, now: Date) => sql`exists (
  select 1 from ${publishAttempts} running
  where running.scheduled_post_id = ${postId} and running.finished_at is null
    and coalesce(running.lease_until, running.started_at + ${`${ENGINE.LEASE_MS} milliseconds`}::interval) > ${now}
)`;
