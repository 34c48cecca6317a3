import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { activityLog, conversationMessages, conversations, type OutreachAction } from '../../db/schema';
import type { EngineTime } from './engine-time';

/**
 * What one LinkedIn account does in a day at most, whatever its campaigns ask: well under what LinkedIn
 * tolerates, at the pace of a careful person. Actions sharing a budget are counted together.
 */
export const DAILY_CAPS: { actions: OutreachAction[]; perDay: number }[] = [
  { actions: ['view_profile'], perDay: 80 },
  { actions: ['like_post'], perDay: 40 },
  { actions: ['comment_post'], perDay: 20 },
  // Never above 10 connection requests a day per account, across all its campaigns.
  { actions: ['send_invitation'], perDay: 10 },
  { actions: ['check_invitation'], perDay: 40 },
  // Replies written in the Engagement inbox count here too (inboxRepliesBetween).
  { actions: ['follow_up_1', 'follow_up_2'], perDay: 40 },
  { actions: ['check_reply'], perDay: 100 },
];
/** Invitations per account in any seven days: LinkedIn restricts accounts that invite much more. */
export const WEEKLY_INVITATIONS = 50;

type CapCheck = {
  accountId: string;
  campaignId: number;
  action: OutreachAction;
  connectionRequestsPerDay: number;
  zone: string;
  now: Date;
};

const countSince = async (
  db: DbOrTx,
  where: { accountId?: string; campaignId?: number; actions: OutreachAction[]; from: Date; to: Date },
): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(activityLog)
    .where(
      and(
        where.accountId ? eq(activityLog.accountId, where.accountId) : undefined,
        where.campaignId ? eq(activityLog.campaignId, where.campaignId) : undefined,
        inArray(activityLog.action, where.actions),
        gte(activityLog.createdAt, where.from),
        lt(activityLog.createdAt, where.to),
      ),
    );
  return row?.n ?? 0;
};

/** The account's messages sent from the inbox in [from, to): they share the follow-ups' daily budget. */
const inboxRepliesBetween = async (db: DbOrTx, accountId: string, from: Date, to: Date): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        eq(conversationMessages.origin, 'inbox'),
        gte(conversationMessages.sentAt, from),
        lt(conversationMessages.sentAt, to),
        eq(conversations.accountId, accountId),
      ),
    );
  return row?.n ?? 0;
};

/** The messages an account sent today (follow-ups and inbox replies) against their shared daily cap. */
export const messagesToday = async (
  db: DbOrTx,
  time: EngineTime,
  check: { accountId: string; zone: string; now: Date },
): Promise<{ used: number; cap: number; until: Date }> => {
  const day = time.dayOf(check.now, check.zone);
  const budget = DAILY_CAPS.find((cap) => cap.actions.includes('follow_up_1'));
  const range = { from: day.start, to: day.end };
  const used =
    (await countSince(db, { accountId: check.accountId, actions: budget?.actions ?? [], ...range })) +
    (await inboxRepliesBetween(db, check.accountId, day.start, day.end));
  return { used, cap: budget?.perDay ?? 0, until: day.end };
};

/**
 * Whether the account may take this action now; when not, the moment the budget opens again (the next
 * day of the campaign's time zone). Counted from the activity log, by its (account, action, time) and
 * (campaign, action, time) indexes.
 */
export const capReachedUntil = async (
  db: DbOrTx,
  time: EngineTime,
  check: CapCheck,
): Promise<Date | null> => {
  const day = time.dayOf(check.now, check.zone);
  const budget = DAILY_CAPS.find((cap) => cap.actions.includes(check.action));
  if (budget) {
    const used =
      (await countSince(db, {
        accountId: check.accountId,
        actions: budget.actions,
        from: day.start,
        to: day.end,
      })) +
      (budget.actions.includes('follow_up_1')
        ? await inboxRepliesBetween(db, check.accountId, day.start, day.end)
        : 0);
    if (used >= budget.perDay) return day.end;
  }
  if (check.action !== 'send_invitation') return null;
  const byCampaign = await countSince(db, {
    campaignId: check.campaignId,
    actions: ['send_invitation'],
    from: day.start,
    to: day.end,
  });
  if (byCampaign >= check.connectionRequestsPerDay) return day.end;
  const weekAgo = new Date(check.now.getTime() - 7 * time.dayMs);
  const inWeek = await countSince(db, {
    accountId: check.accountId,
    actions: ['send_invitation'],
    from: weekAgo,
    to: new Date(check.now.getTime() + 1),
  });
  return inWeek >= WEEKLY_INVITATIONS ? day.end : null;
};
