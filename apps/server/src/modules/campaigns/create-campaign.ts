import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_COST_CREDITS,
  CAMPAIGN_MESSAGES,
  ENGAGEMENT_WINDOWS,
  type TCreateCampaignInput,
  type TCreateCampaignResponse,
  timezoneOf,
} from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaigns, creditLedger, leads, lists, PLAN_STEPS, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { AppError, conflict } from '../../http/errors';
import { queueCampaignMessages } from '../campaign-messages/queue-campaign-messages';
import { creditBalance } from '../credits/credit-balance';
import { findOwnList } from '../leads/find-list';
import { campaignLeadCondition, exclusionsOf, hasNoPicture } from './lead-exclusions';
import { resolveTemplate } from './resolve-template';
import { usableLinkedInAccount } from './usable-linkedin-account';

export const CAMPAIGN_LEDGER_REASON = 'campaign';

const stepKey = (step: { action: string; day: number }): string => `${step.action}@${step.day}`;
const PLAN_KEYS = CAMPAIGN_ACTIONS.map(stepKey).sort();

/** The same action/day pairs as the spec's plan, in any order (repeated steps count as often). */
export const isCampaignPlan = (actions: readonly { action: string; day: number }[]): boolean => {
  const keys = actions.map(stepKey).sort();
  return keys.length === PLAN_KEYS.length && keys.every((key, i) => key === PLAN_KEYS[i]);
};

const insufficientCredits = (): AppError =>
  new AppError(402, 'insufficient_credits', CAMPAIGN_MESSAGES.notEnoughCredits);

/**
 * Spec §7 create_campaign. The campaign, its leads, the charge and the list's new state are one
 * transaction behind a lock on the caller's user row, so two requests at once never spend the same
 * credits and a refusal leaves nothing behind.
 */
type Log = { warn: (obj: object, msg: string) => void };

export const createCampaign = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'> & { log?: Log },
  userId: string,
  input: TCreateCampaignInput,
): Promise<TCreateCampaignResponse> => {
  if (!isCampaignPlan(input.actions))
    throw new AppError(400, 'validation_error', CAMPAIGN_MESSAGES.invalidActions);
  const template = await resolveTemplate(deps.db, userId, input);
  await usableLinkedInAccount(deps.db, userId, deps.clock.now());
  const window = ENGAGEMENT_WINDOWS.find((entry) => `${entry.value} days` === input.days_post_engagement);
  const timeZone = timezoneOf(input.timezone);
  // The request schema has refused anything else already; this keeps the types honest.
  if (!window || !timeZone) throw new AppError(400, 'validation_error', CAMPAIGN_MESSAGES.createFailed);
  const exclusions = exclusionsOf(input);
  const now = deps.clock.now();

  const answer = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const list = await findOwnList(tx, userId, input.list_id);
    const [locked] = await tx
      .select({ status: lists.status })
      .from(lists)
      .where(eq(lists.id, list.id))
      .for('update');
    if (locked?.status === 'importing') throw conflict(CAMPAIGN_MESSAGES.listImporting);
    if (locked?.status === 'in_campaign') throw conflict(CAMPAIGN_MESSAGES.listInCampaign);
    if ((await creditBalance(tx, userId)) < CAMPAIGN_COST_CREDITS) throw insufficientCredits();

    const [campaign] = await tx
      .insert(campaigns)
      .values({
        userId,
        listId: list.id,
        name: input.campaign_name,
        source: 'LinkedIn',
        goal: input.campaign_goal,
        tone: input.message_tone,
        engagementValue: window.value,
        engagementWindowDays: window.windowDays,
        ...template,
        connectionRequestsPerDay: input.connection_request_per_day,
        withdrawAfterDays: input.withdraw_after,
        sendTime: input.time,
        timezoneLabel: input.timezone,
        timeZone,
        excludeFirstDegree: exclusions.excludeFirstDegree,
        excludeNoPicture: exclusions.excludeNoPicture,
        actions: input.actions,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: campaigns.id });
    if (!campaign) throw new Error('create_campaign: the insert returned nothing');

    const copied = await tx.execute(sql`
      WITH added AS (
        INSERT INTO campaign_leads (campaign_id, user_id, lead_id, name, headline, location, company,
                                    connection_degree, linkedin_url, profile_image_url, created_at, updated_at)
        SELECT ${campaign.id}::bigint, ${userId}::uuid, ${leads.id}, ${leads.name}, ${leads.headline},
               ${leads.location}, ${leads.company}, ${leads.connectionDegree}, ${leads.linkedinUrl},
               CASE WHEN ${hasNoPicture(leads.profileImageUrl)} THEN NULL ELSE ${leads.profileImageUrl} END,
               ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          FROM ${leads}
         WHERE ${leads.userId} = ${userId} AND ${campaignLeadCondition(list.id, exclusions)}
         ORDER BY ${leads.id}
        RETURNING 1
      )
      SELECT count(*)::int AS copied FROM added`);
    const leadCount = Number(rowsOf<{ copied: number }>(copied)[0]?.copied ?? 0);
    // Throwing rolls the campaign back: nothing is written and nothing is charged.
    if (leadCount === 0) throw conflict(CAMPAIGN_MESSAGES.noLeadsLeft);

    await tx
      .update(campaigns)
      .set({ leadCount, stepsTotal: leadCount * PLAN_STEPS, messagesPending: leadCount })
      .where(eq(campaigns.id, campaign.id));
    // The ledger has no column for what an entry paid for; its reason says it was a campaign.
    await tx
      .insert(creditLedger)
      .values({ userId, amount: -CAMPAIGN_COST_CREDITS, reason: CAMPAIGN_LEDGER_REASON, createdAt: now });
    await tx.update(lists).set({ status: 'in_campaign', updatedAt: now }).where(eq(lists.id, list.id));
    return {
      message: CAMPAIGN_MESSAGES.created,
      campaign_id: campaign.id,
      credits: await creditBalance(tx, userId),
    };
  });

  // The campaign is paid for and committed: if the queue cannot take the job now, the messages sweep
  // (modules/campaign-messages/requeue-stalled-messages.ts) queues it within a minute or so.
  await queueCampaignMessages(deps.jobs, answer.campaign_id).catch((error: unknown) =>
    deps.log?.warn(
      { err: error, campaignId: answer.campaign_id },
      'campaign messages not queued; the sweep will',
    ),
  );
  return answer;
};
