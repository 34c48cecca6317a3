import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { campaigns } from '../../db/schema';

/**
 * A launched campaign whose leads have all ended (replied, withdrawn, finished, skipped, failed) is
 * Finished, and its list shows "Not in Campaign" again unless another campaign still works on it.
 * Runs in the transaction that ended the last lead; answers whether the campaign finished.
 */
export const finishCampaignIfDone = async (tx: DbOrTx, campaignId: number, now: Date): Promise<boolean> => {
  const [finished] = await tx
    .update(campaigns)
    .set({ status: 'finished', statusReason: '', finishedAt: now, pausedAt: null, updatedAt: now })
    .where(
      and(
        eq(campaigns.id, campaignId),
        inArray(campaigns.status, ['running', 'paused']),
        gte(campaigns.leadsDone, campaigns.leadCount),
      ),
    )
    .returning({ listId: campaigns.listId });
  if (!finished) return false;
  if (finished.listId !== null) {
    await tx.execute(sql`
      UPDATE lists SET status = 'ready', updated_at = ${now.toISOString()}::timestamptz
       WHERE id = ${finished.listId}::bigint AND status = 'in_campaign'
         AND NOT EXISTS (SELECT 1 FROM campaigns
                          WHERE list_id = ${finished.listId}::bigint AND id <> ${campaignId}::bigint
                            AND status IN ('draft', 'running', 'paused'))`);
  }
  return true;
};
