import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/open-database';
import {
  activityLog,
  type CampaignLeadRow,
  campaignLeads,
  campaigns,
  type OutreachStepRow,
  outreachSteps,
  PLAN_STEPS,
} from '../../db/schema';
import { pauseCampaignSteps } from './campaign-steps';
import { finishCampaignIfDone } from './finish-campaign';
import { progressAfter } from './plan';
import type { StepOutcome } from './step-types';

type Claimed = { step: OutreachStepRow; lead: CampaignLeadRow; userId: string };

/** The campaign's counters move with its leads; the last lead to end finishes the campaign. */
const countLeadProgress = async (
  tx: DbOrTx,
  campaignId: number,
  progressDelta: number,
  leadEnded: boolean,
  now: Date,
): Promise<{ status: string }> => {
  const [campaign] = await tx
    .update(campaigns)
    .set({
      stepsDone: sql`${campaigns.stepsDone} + ${progressDelta}`,
      leadsDone: sql`${campaigns.leadsDone} + ${leadEnded ? 1 : 0}`,
      updatedAt: now,
    })
    .where(eq(campaigns.id, campaignId))
    .returning({ status: campaigns.status });
  if (!campaign) return { status: 'failed' };
  if (leadEnded && (await finishCampaignIfDone(tx, campaignId, now))) return { status: 'finished' };
  return campaign;
};

/** Settles a claimed step with what LinkedIn showed: the lead moves on, the next step is queued. */
export const settleStep = async (
  db: Db,
  claimed: Claimed,
  outcome: StepOutcome,
  now: Date,
): Promise<void> => {
  const { step, lead } = claimed;
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(outreachSteps)
      .set({ state: outcome.stepState, settledAt: now, result: outcome.result })
      .where(and(eq(outreachSteps.id, step.id), eq(outreachSteps.state, 'running')))
      .returning({ id: outreachSteps.id });
    if (!settled) return;
    const ended = outcome.next === null;
    const progress = progressAfter(lead.stepsDone, step.action, outcome.lead.extraProgress ?? 0, ended);
    await tx
      .update(campaignLeads)
      .set({
        ...outcome.lead.patch,
        state: outcome.lead.state ?? lead.state,
        stateReason: outcome.lead.reason ?? lead.stateReason,
        stepsDone: progress,
        updatedAt: now,
      })
      .where(eq(campaignLeads.id, lead.id));
    if (outcome.activity.length > 0) {
      await tx.insert(activityLog).values(
        outcome.activity.map((entry) => ({
          userId: claimed.userId,
          accountId: step.accountId,
          campaignId: step.campaignId,
          campaignLeadId: lead.id,
          action: entry.action,
          outcome: entry.outcome,
          createdAt: now,
        })),
      );
    }
    const campaign = await countLeadProgress(tx, step.campaignId, progress - lead.stepsDone, ended, now);
    if (outcome.next) {
      await tx
        .insert(outreachSteps)
        .values({
          campaignLeadId: lead.id,
          campaignId: step.campaignId,
          accountId: step.accountId,
          action: outcome.next.action,
          dueAt: outcome.next.dueAt,
          // Settled while the campaign paused: the next step waits for the resume with the others.
          state: campaign.status === 'running' ? 'scheduled' : 'paused',
        })
        .onConflictDoNothing();
    }
  });
};

/** The lead cannot go on: it fails with the reason, and the campaign goes on without it. */
export const failLead = async (db: Db, claimed: Claimed, reason: string, now: Date): Promise<void> => {
  const { step, lead } = claimed;
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(outreachSteps)
      .set({ state: 'failed', settledAt: now, result: reason })
      .where(and(eq(outreachSteps.id, step.id), eq(outreachSteps.state, 'running')))
      .returning({ id: outreachSteps.id });
    if (!settled) return;
    await tx
      .update(campaignLeads)
      .set({ state: 'failed', stateReason: reason, stepsDone: PLAN_STEPS, updatedAt: now })
      .where(eq(campaignLeads.id, lead.id));
    await countLeadProgress(tx, step.campaignId, PLAN_STEPS - lead.stepsDone, true, now);
  });
};

/** A passing failure: the step waits and is tried again (it was not sent, or reading back will tell). */
export const retryStepLater = async (
  db: Db,
  step: OutreachStepRow,
  dueAt: Date,
  reason: string,
  options: { countAttempt: boolean } = { countAttempt: true },
): Promise<void> => {
  await db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, step.campaignId))
      .for('update');
    await tx
      .update(outreachSteps)
      .set({
        state: campaign?.status === 'running' ? 'scheduled' : 'paused',
        dueAt,
        result: reason,
        claimedAt: null,
        ...(options.countAttempt ? {} : { attempt: sql`greatest(${outreachSteps.attempt} - 1, 0)` }),
      })
      .where(and(eq(outreachSteps.id, step.id), eq(outreachSteps.state, 'running')));
  });
};

/**
 * LinkedIn refused the account itself (expired session, throttling, a security check): every running
 * campaign of its owner pauses with the reason shown, and nothing more is tried until the user acts.
 */
export const pauseAccountCampaigns = async (
  db: Db,
  userId: string,
  reason: string,
  now: Date,
): Promise<number> =>
  db.transaction(async (tx) => {
    const running = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), eq(campaigns.status, 'running')))
      .for('update');
    for (const campaign of running) await pauseCampaignSteps(tx, campaign.id, now, reason);
    return running.length;
  });
