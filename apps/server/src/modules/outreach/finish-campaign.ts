import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { campaigns } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { releaseList } from '../leads/release-list';

/**
 * How a campaign whose leads have all ended turned out. It succeeded when at least one step of one lead
 * was done on LinkedIn (a profile viewed, a post liked, a request sent …); when none was and leads
 * failed, it is Failed, with the most common reason its leads failed for.
 */
const outcomeOf = async (
  tx: DbOrTx,
  campaignId: number,
): Promise<{ status: 'finished' | 'failed'; reason: string }> => {
  const result = await tx.execute(sql`
    WITH reasons AS (
      SELECT state_reason, count(*)::int AS leads FROM campaign_leads
       WHERE campaign_id = ${campaignId}::bigint AND state = 'failed'
       GROUP BY state_reason
    )
    SELECT EXISTS (SELECT 1 FROM outreach_steps
                    WHERE campaign_id = ${campaignId}::bigint AND state = 'done') AS succeeded,
           (SELECT coalesce(sum(leads), 0) FROM reasons)::int AS failed,
           top.state_reason AS reason, coalesce(top.leads, 0) AS with_reason
      FROM (SELECT 1) AS one
      LEFT JOIN LATERAL (SELECT state_reason, leads FROM reasons
                          ORDER BY leads DESC, state_reason LIMIT 1) AS top ON true`);
  const [row] = rowsOf<{ succeeded: boolean; failed: number; reason: string | null; with_reason: number }>(
    result,
  );
  const failed = Number(row?.failed ?? 0);
  if (!row || row.succeeded || failed === 0) return { status: 'finished', reason: '' };
  const reason = row.reason?.trim() || 'LinkedIn refused every action';
  const share = Number(row.with_reason) === failed ? `all ${failed}` : `${row.with_reason} of ${failed}`;
  return {
    status: 'failed',
    reason: `No lead could be reached: ${reason} (${share} failed lead${failed === 1 ? '' : 's'})`,
  };
};

/**
 * A launched campaign whose leads have all ended (replied, withdrawn, finished, skipped, failed) is
 * Finished, or Failed when nothing succeeded, and its list shows "Not in Campaign" again unless another
 * campaign still works on it. Runs in the transaction that ended the last lead; answers whether the
 * campaign ended.
 */
export const finishCampaignIfDone = async (tx: DbOrTx, campaignId: number, now: Date): Promise<boolean> => {
  const [done] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, campaignId),
        inArray(campaigns.status, ['running', 'paused']),
        gte(campaigns.leadsDone, campaigns.leadCount),
      ),
    );
  if (!done) return false;
  const outcome = await outcomeOf(tx, campaignId);
  const [finished] = await tx
    .update(campaigns)
    .set({
      status: outcome.status,
      statusReason: outcome.reason,
      finishedAt: now,
      pausedAt: null,
      updatedAt: now,
    })
    .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, ['running', 'paused'])))
    .returning({ listId: campaigns.listId });
  if (!finished) return false;
  if (finished.listId !== null) await releaseList(tx, finished.listId, campaignId, now);
  return true;
};
