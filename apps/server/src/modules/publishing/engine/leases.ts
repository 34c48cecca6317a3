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

/** The attempts this process runs against one database, renewed together on one timer. */
type Keeper = { held: Set<number>; timer: NodeJS.Timeout | null; renewing: boolean };

// By database: a test process may run two engines (two "processes") on two databases side by side.
const keepers = new WeakMap<Db, Keeper>();

const keeperOf = (db: Db): Keeper => {
  let keeper = keepers.get(db);
  if (!keeper) {
    keeper = { held: new Set(), timer: null, renewing: false };
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
  const renewed = await deps.db
    .update(publishAttempts)
    .set({ leaseUntil: leaseFrom(deps.clock.now()) })
    .where(and(inArray(publishAttempts.id, ids), isNull(publishAttempts.finishedAt)))
    .returning({ id: publishAttempts.id });
  const still = new Set(renewed.map((row) => row.id));
  for (const id of ids) if (!still.has(id)) keeper.held.delete(id);
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
  attemptId: number,
  log: { error: (obj: object, msg: string) => void } = console,
): (() => void) => {
  const keeper = keeperOf(deps.db);
  keeper.held.add(attemptId);
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
    stopIfIdle(keeper);
  };
};

/** The attempts this process holds right now (for tests and the bench). */
export const heldAttempts = (db: Db): number[] => [...keeperOf(db).held];

/**
 * On the embedded database at start: the data directory's lock proves every earlier process gone, so
 * every running attempt's lease is ended now and the attempt is read back at once.
 */
export const endEveryLease = async (deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> => {
  const ended = await deps.db
    .update(publishAttempts)
    .set({ leaseUntil: deps.clock.now() })
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
