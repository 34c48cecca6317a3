import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { campaignLeads } from '../../db/schema';

/** Leads that failed, and leads the user skipped, of one campaign. */
export type EndedEarly = { failedLeads: number; skippedLeads: number };

/**
 * Columns to select beside a campaign row (selected from "campaigns", which the subqueries name: a
 * drizzle column inside sql`` in a select list renders unqualified and would mean the inner table): its failed and skipped leads, counted through the partial
 * index campaign_leads_ended_early_idx, which holds only those leads.
 */
export const endedEarlyColumns = {
  failedLeads: sql<number>`(SELECT count(*) FROM campaign_leads el
                             WHERE el.campaign_id = "campaigns"."id" AND el.state = 'failed')::int`.mapWith(
    Number,
  ),
  skippedLeads: sql<number>`(SELECT count(*) FROM campaign_leads el
                              WHERE el.campaign_id = "campaigns"."id" AND el.state = 'skipped')::int`.mapWith(
    Number,
  ),
};

export const endedEarlyOf = async (db: DbOrTx, campaignId: number): Promise<EndedEarly> => {
  const rows = await db
    .select({ state: campaignLeads.state, leads: count() })
    .from(campaignLeads)
    .where(
      and(eq(campaignLeads.campaignId, campaignId), sql`${campaignLeads.state} IN ('failed', 'skipped')`),
    )
    .groupBy(campaignLeads.state);
  const of = (state: string) => rows.find((row) => row.state === state)?.leads ?? 0;
  return { failedLeads: of('failed'), skippedLeads: of('skipped') };
};
