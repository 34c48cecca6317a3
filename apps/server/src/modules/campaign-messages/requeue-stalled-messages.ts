import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { rowsOf } from '../../db/sql-rows';
import { queueCampaignMessages } from './queue-campaign-messages';

/**
 * How long a campaign's messages may stay unwritten without any progress before the sweep queues their
 * job again: longer than a batch takes, so a job at work is normally left alone (and if it is not, the
 * queue's exclusive policy makes the second send a no-op).
 */
export const MESSAGES_STALL_MS = 60_000;

/**
 * Campaigns whose messages are pending and have not moved for MESSAGES_STALL_MS (their job was never
 * queued, because queueing failed after create_campaign committed, or it was lost): queue it again.
 * Reads only the partial index of campaigns with messages pending. Answers the campaigns queued.
 */
export const requeueStalledMessages = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
): Promise<number[]> => {
  const now = deps.clock.now();
  const stalledSince = new Date(now.getTime() - MESSAGES_STALL_MS);
  // Touching updated_at spaces the re-queues of one campaign by MESSAGES_STALL_MS, even if its job
  // keeps ending without writing anything.
  const result = await deps.db.execute(sql`
    UPDATE campaigns SET updated_at = ${now.toISOString()}::timestamptz
     WHERE id IN (SELECT id FROM campaigns
                   WHERE messages_pending > 0 AND updated_at <= ${stalledSince.toISOString()}::timestamptz
                   ORDER BY updated_at LIMIT 100
                   FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const ids = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  for (const id of ids) await queueCampaignMessages(deps.jobs, id);
  return ids;
};
