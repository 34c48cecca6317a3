import { and, inArray, lte } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { scheduledPosts } from '../../../db/schema';
import type { JobQueue } from '../../../jobs/job-queue';
import { queuePublish } from '../queue-publish';
import { latestAttemptOf } from './attempts';
import { ENGINE } from './engine-settings';
import { leaseEndOf } from './leases';
import { warnOfTokenEndings } from './warn-token-endings';

export type SweepReport = {
  /** `scheduled` posts whose job was lost, queued again (for their instant, or now when past it). */
  requeued: number;
  /** `publishing` posts with no live attempt, queued to be read back (or checked when their attempt ages). */
  inDoubt: number;
  /** LinkedIn sign-ins ending within 14 days, warned of. */
  tokenWarnings: number;
};

const later = (a: Date, b: Date | null): Date => (b && b.getTime() > a.getTime() ? b : a);

/**
 * The hourly sweep (and the one at each worker start), behind the recovery tick (recover.ts), which finds
 * what a dead process left within seconds. A post's job can be lost (a crash between saving
 * a schedule and queueing it, a queue restored from an older backup, a pause whose job was never sent)
 * and a process can die mid-attempt. Every post that waits or is in flight and has no waiting job gets one:
 * - scheduled, due before the next sweep: for its instant (or at once when it is past);
 * - publishing with an attempt still running: a check for when its lease ends (the recovery tick finds
 *   it then too, within seconds: recover.ts);
 * - publishing with no live attempt: at once, to be read back before anything else.
 * Queueing is harmless when a job did exist: the job claims the post, so a second one does nothing.
 */
export const sweepScheduledPosts = async (
  deps: AppDeps,
  queue: Pick<JobQueue, 'waiting'>,
): Promise<SweepReport> => {
  const now = deps.clock.now();
  // When each post's waiting jobs may start.
  const waiting = new Map<number, number[]>();
  for (const job of await queue.waiting('publish-post')) {
    const id = job.data.scheduledPostId;
    waiting.set(id, [...(waiting.get(id) ?? []), job.startAfter.getTime()]);
  }
  const rows = await deps.db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        inArray(scheduledPosts.status, ['scheduled', 'publishing']),
        lte(scheduledPosts.scheduledFor, new Date(now.getTime() + ENGINE.SWEEP_LOOKAHEAD_MS)),
      ),
    );
  const report: SweepReport = { requeued: 0, inDoubt: 0, tokenWarnings: 0 };
  for (const post of rows) {
    const jobs = waiting.get(post.id) ?? [];
    if (post.status === 'scheduled') {
      const at = later(post.scheduledFor, post.notBefore);
      // Covered by a job that will find it due and is not late: not one of a time it was moved from.
      const due = at.getTime() - ENGINE.DUE_SLACK_MS;
      const by = Math.max(at.getTime(), now.getTime()) + ENGINE.DUE_SLACK_MS;
      if (jobs.some((start) => start >= due && start <= by)) continue;
      // Due a moment ago: its job is most likely running now, not lost.
      if (at.getTime() <= now.getTime() && now.getTime() - at.getTime() < ENGINE.LOST_JOB_GRACE_MS) continue;
      await queuePublish(deps, { id: post.id, at: at.getTime() > now.getTime() ? at : now });
      report.requeued++;
      continue;
    }
    if (jobs.length > 0) continue;
    const latest = await latestAttemptOf(deps, post.id);
    const runningUntil = latest && latest.finishedAt === null ? leaseEndOf(latest) : null;
    const at = later(runningUntil ?? now, post.notBefore);
    await queuePublish(deps, { id: post.id, at: at.getTime() > now.getTime() ? at : now });
    report.inDoubt++;
  }
  report.tokenWarnings = await warnOfTokenEndings(deps);
  return report;
};
