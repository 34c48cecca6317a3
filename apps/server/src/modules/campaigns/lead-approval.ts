import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { campaignLeads, PLAN_STEPS } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';

/**
 * Approving and skipping change what a campaign counts: a skipped lead is a finished lead (leads_done)
 * whose plan steps all count as passed (steps_done), and bringing it back takes exactly that back.
 * Every caller (one lead, approve all, launch) goes through these, inside its transaction, with the
 * campaign row locked first.
 */

/** One lead, or every lead whose messages still wait for approval. */
export type LeadTarget = { leadId: number } | { awaitingApproval: true };

const targetOf = (target: LeadTarget): SQL =>
  'leadId' in target ? sql`cl.id = ${target.leadId}` : sql`cl.approval = 'pending'`;

/** Approves leads waiting for approval whose messages are written; answers how many. */
export const approveLeads = async (
  tx: DbOrTx,
  campaignId: number,
  now: Date,
  target: LeadTarget,
): Promise<number> => {
  const approved = await tx
    .update(campaignLeads)
    .set({ approval: 'approved', updatedAt: now })
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        eq(campaignLeads.approval, 'pending'),
        eq(campaignLeads.messagesState, 'ready'),
        'leadId' in target ? eq(campaignLeads.id, target.leadId) : undefined,
      ),
    )
    .returning({ id: campaignLeads.id });
  return approved.length;
};

/**
 * Takes leads out of the campaign before their first action: they become Skipped and count as done,
 * and any step waiting for them is skipped too. A lead the engine has started on is left alone.
 */
export const skipLeads = async (
  tx: DbOrTx,
  campaignId: number,
  now: Date,
  target: LeadTarget,
): Promise<number> => {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    WITH chosen AS (
      SELECT cl.id, cl.steps_done FROM campaign_leads cl
       WHERE cl.campaign_id = ${campaignId} AND cl.state = 'pending' AND cl.approval <> 'skipped'
         AND ${targetOf(target)}
         AND NOT EXISTS (SELECT 1 FROM outreach_steps s
                          WHERE s.campaign_lead_id = cl.id AND s.state IN ('running', 'done', 'failed'))
       FOR UPDATE OF cl
    ), skipped AS (
      UPDATE campaign_leads
         SET approval = 'skipped', state = 'skipped', steps_done = ${PLAN_STEPS}, updated_at = ${at}::timestamptz
        FROM chosen
       WHERE campaign_leads.id = chosen.id
      RETURNING chosen.steps_done AS before
    ), waiting AS (
      UPDATE outreach_steps SET state = 'skipped', settled_at = ${at}::timestamptz, result = 'Lead skipped'
       WHERE campaign_lead_id IN (SELECT id FROM chosen) AND state IN ('scheduled', 'paused')
      RETURNING 1
    ), counted AS (
      UPDATE campaigns
         SET leads_done = leads_done + (SELECT count(*) FROM skipped)::int,
             steps_done = steps_done + (SELECT coalesce(sum(${PLAN_STEPS} - before), 0) FROM skipped)::int,
             updated_at = ${at}::timestamptz
       WHERE id = ${campaignId}
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM skipped`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
};

/**
 * Brings a skipped lead back (approved, Pending) and takes back what skipping counted. Its skipped steps
 * never ran; they are removed so the next launch queues the lead's first step afresh.
 */
export const restoreSkippedLead = async (
  tx: DbOrTx,
  campaignId: number,
  now: Date,
  leadId: number,
): Promise<number> => {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    WITH chosen AS (
      SELECT cl.id, cl.steps_done FROM campaign_leads cl
       WHERE cl.campaign_id = ${campaignId} AND cl.id = ${leadId}
         AND cl.approval = 'skipped' AND cl.state = 'skipped'
       FOR UPDATE OF cl
    ), restored AS (
      UPDATE campaign_leads
         SET approval = 'approved', state = 'pending', state_reason = '', steps_done = 0,
             updated_at = ${at}::timestamptz
        FROM chosen
       WHERE campaign_leads.id = chosen.id
      RETURNING chosen.steps_done AS before
    ), dropped AS (
      DELETE FROM outreach_steps WHERE campaign_lead_id IN (SELECT id FROM chosen) AND state = 'skipped'
      RETURNING 1
    ), counted AS (
      UPDATE campaigns
         SET leads_done = leads_done - (SELECT count(*) FROM restored)::int,
             steps_done = steps_done - (SELECT coalesce(sum(before), 0) FROM restored)::int,
             updated_at = ${at}::timestamptz
       WHERE id = ${campaignId}
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM restored`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
};
