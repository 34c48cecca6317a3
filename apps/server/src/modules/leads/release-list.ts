import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';

/**
 * A campaign stopped holding its list (it ended, or was deleted): the list shows "Not in Campaign" again
 * unless another campaign still works on it. An import running on the list meanwhile holds it as
 * "Importing..." and puts back the state it found when it ends, so that state is corrected too, or the
 * list would return to "In a campaign" with no campaign left (and could never be deleted). Runs inside
 * the caller's transaction.
 */
export const releaseList = async (
  tx: DbOrTx,
  listId: number,
  campaignId: number,
  now: Date,
): Promise<void> => {
  const heldElsewhere = sql`EXISTS (SELECT 1 FROM campaigns
                                     WHERE list_id = ${listId}::bigint AND id <> ${campaignId}::bigint
                                       AND status IN ('draft', 'running', 'paused'))`;
  await tx.execute(sql`
    UPDATE lists SET status = 'ready', updated_at = ${now.toISOString()}::timestamptz
     WHERE id = ${listId}::bigint AND status = 'in_campaign' AND NOT ${heldElsewhere}`);
  // Failed jobs still taking their rows out (lead_floor set) restore the state too, when they finish.
  await tx.execute(sql`
    UPDATE import_jobs SET status_before = 'ready'
     WHERE list_id = ${listId}::bigint AND status_before = 'in_campaign'
       AND (state = 'running' OR lead_floor IS NOT NULL) AND NOT ${heldElsewhere}`);
  await tx.execute(sql`
    UPDATE search_imports SET list_status_before = 'ready'
     WHERE list_id = ${listId}::bigint AND list_status_before = 'in_campaign' AND state = 'running'
       AND NOT ${heldElsewhere}`);
};
