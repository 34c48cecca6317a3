import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { publishAttempts, scheduledPosts } from '../../../db/schema';
import { rowsOf } from '../../../db/sql-rows';
import { queuePublish } from '../queue-publish';
import { ENGINE } from './engine-settings';
import { endEveryLease, heldAttempts } from './leases';

export type RecoveryReport = {
  /** `publishing` posts whose running attempt's lease ended (its process died): queued to be read back. */
  readBacks: number;
  /** Due posts that no live job covers (their job died with a process, or was never sent): queued now. */
  requeued: number;
};

/** At most this many of each per tick: a backlog is worked through tick by tick, never read whole. */
const TICK_LIMIT = 500;

type Row = { id: number | string; at: Date | string };
const asPosts = (rows: Row[]) => rows.map((row) => ({ id: Number(row.id), at: new Date(row.at) }));

/**
 * Posts whose running attempt's lease ended: its process died (a live one renews it every few seconds).
 * On the running attempts' partial index. The attempts this very process runs are never among them, even
 * when a starved event loop let their renewal run late. Each is queued for the instant its lease ended
 * (past, so at once), so ticks that find it again before the job runs send nothing more (one waiting job
 * per key).
 */
const leasesEnded = async (deps: AppDeps, now: Date) => {
  const ours = heldAttempts(deps.db);
  return asPosts(
    rowsOf<Row>(
      await deps.db.execute(sql`
        select a.scheduled_post_id as id,
          min(coalesce(a.lease_until, a.started_at + ${`${ENGINE.LEASE_MS} milliseconds`}::interval)) as at
        from ${publishAttempts} a
        join ${scheduledPosts} p on p.id = a.scheduled_post_id
        where a.finished_at is null
          and (a.lease_until <= ${now}
            or (a.lease_until is null and a.started_at <= ${new Date(now.getTime() - ENGINE.LEASE_MS)}))
          and p.status = 'publishing'
          ${ours.length > 0 ? sql`and a.id not in (${sql.join(ours, sql`, `)})` : sql``}
        group by a.scheduled_post_id
        limit ${TICK_LIMIT}`),
    ),
  );
};

/**
 * Posts due (and last changed) before `cutoff` that nothing is working on: no running attempt. A
 * `scheduled` one should have been taken by its job within the grace: its job died with a process (the
 * queue keeps such a job active until it expires) or was never sent. A `publishing` one with no running
 * attempt was left between two steps (a lost answer closed, its read-back not yet taken). On the due
 * index: only what waits or is in flight. Each is queued for its own instant, the key its original job
 * has, so a job that is merely late in a busy queue is not doubled.
 */
const lostJobs = async (deps: AppDeps, cutoff: Date) =>
  asPosts(
    rowsOf<Row>(
      await deps.db.execute(sql`
        select p.id,
          case when p.status = 'scheduled' then greatest(p.scheduled_for, p.not_before)
            else coalesce(p.not_before, p.updated_at) end as at
        from ${scheduledPosts} p
        where p.status in ('scheduled', 'publishing')
          and p.scheduled_for <= ${cutoff}
          and (p.not_before is null or p.not_before <= ${cutoff})
          and p.updated_at <= ${cutoff}
          and not exists (
            select 1 from ${publishAttempts} a where a.scheduled_post_id = p.id and a.finished_at is null
          )
        order by p.scheduled_for
        limit ${TICK_LIMIT}`),
    ),
  );

/**
 * The recovery tick (every RECOVERY_TICK_MS in each worker, and at its start; background-work.ts):
 * attempts whose process died are read back and due posts whose job died are queued, within seconds rather
 * than at the queue's expiry. Queueing is harmless when a job does exist: the job claims the post, so a second does nothing.
 *
 * `atStart` on the embedded database: the data directory's lock proves every earlier process gone, so
 * every running attempt is in doubt now (its lease is ended) and every due post is queued at once.
 */
export const recoverPublishing = async (
  deps: AppDeps,
  options: { atStart?: boolean } = {},
): Promise<RecoveryReport> => {
  const now = deps.clock.now();
  if (options.atStart) await endEveryLease(deps, now);
  const cutoff = options.atStart ? now : new Date(now.getTime() - ENGINE.LOST_JOB_GRACE_MS);
  const inDoubt = await leasesEnded(deps, now);
  for (const post of inDoubt) await queuePublish(deps, post);
  const lost = await lostJobs(deps, cutoff);
  for (const post of lost) await queuePublish(deps, post);
  return { readBacks: inDoubt.length, requeued: lost.length };
};
