import { CAMPAIGN_MESSAGES, type TMessageResponse } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { campaigns } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { conflict } from '../../http/errors';
import { releaseList } from '../leads/release-list';
import { findOwnCampaign } from './find-campaign';

/**
 * A step of the campaign a live runner has claimed (its account's lease is held): the LinkedIn call may
 * be in flight, and deleting now would drop the record of what it did. A claimed step whose runner died
 * (the lease lapsed) holds nothing up: no runner will settle it, and its successor would never run.
 */
const actionUnderWay = async (tx: DbOrTx, campaignId: number, now: Date): Promise<boolean> => {
  const result = await tx.execute(sql`
    SELECT 1 AS busy FROM outreach_steps s JOIN linkedin_accounts a ON a.id = s.account_id
     WHERE s.campaign_id = ${campaignId}::bigint AND s.state = 'running'
       AND a.engine_lease_until > ${now.toISOString()}::timestamptz
     LIMIT 1`);
  return rowsOf(result).length > 0;
};

/**
 * Two transactions that take a campaign's rows in the other order (the message writer saves leads, then
 * the campaign's counter) can deadlock with a delete on PostgreSQL; it picks one to abort, and the
 * delete is simply done again.
 */
const isDeadlock = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};
const ATTEMPTS = 3;

/**
 * Deletes a campaign that is not running (Draft, Campaign Paused, Failed, Finished): its leads and the
 * engine's waiting steps go with it (foreign keys cascade), so no runner can act for it again, and its
 * list is free. The activity log keeps every action taken, stamped with the campaign's and the lead's
 * names, because it is the user's history and what the account's daily caps count.
 */
export const deleteCampaign = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: number },
): Promise<TMessageResponse> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await deleteOnce(deps, userId, input.id);
      return { message: CAMPAIGN_MESSAGES.campaignDeleted };
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
};

const deleteOnce = async (deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, id: number) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Locked: a launch waiting on this row sees the campaign gone, and no runner claims a step of a
    // campaign that is not running (the claim re-checks the status).
    const campaign = await findOwnCampaign(tx, userId, id, { forUpdate: true });
    if (campaign.status === 'running') throw conflict(CAMPAIGN_MESSAGES.deleteRunning);
    if (await actionUnderWay(tx, campaign.id, now)) throw conflict(CAMPAIGN_MESSAGES.deleteActionUnderWay);
    // The names are written and the links dropped in one pass, so the foreign keys' SET NULL finds
    // nothing left to change.
    await tx.execute(sql`
      UPDATE activity_log a
         SET campaign_name = ${campaign.name},
             (lead_name, lead_linkedin_url) = (SELECT name, linkedin_url FROM campaign_leads
                                                WHERE id = a.campaign_lead_id),
             campaign_id = NULL,
             campaign_lead_id = NULL
       WHERE a.campaign_id = ${campaign.id}::bigint`);
    await tx.delete(campaigns).where(eq(campaigns.id, campaign.id));
    if (campaign.listId !== null) await releaseList(tx, campaign.listId, campaign.id, now);
  });
};
