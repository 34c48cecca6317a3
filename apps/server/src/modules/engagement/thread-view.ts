import { ENGAGEMENT_MESSAGES, type TThreadDetail, type TThreadSummary } from '@sales-assist/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  campaignLeads,
  campaigns,
  conversationMessages,
  conversations,
  linkedinAccounts,
  type OutreachAction,
  outreachSteps,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { CAMPAIGN_STATUS_OF, LEAD_STATUS_OF } from '../campaigns/campaign-view';
import { isFinalLeadState } from '../outreach/plan';

/** The columns a thread is shown from: the thread, its campaign lead, campaign and account. */
export const threadColumns = {
  id: conversations.id,
  lastMessageAt: conversations.lastMessageAt,
  lastMessageAtText: sql<string>`${conversations.lastMessageAt}::text`,
  lastMessageText: conversations.lastMessageText,
  lastMessageFrom: conversations.lastMessageFrom,
  unreadCount: conversations.unreadCount,
  accountId: conversations.accountId,
  accountName: linkedinAccounts.memberName,
  campaignLeadId: campaignLeads.id,
  leadName: campaignLeads.name,
  headline: campaignLeads.headline,
  company: campaignLeads.company,
  linkedinUrl: campaignLeads.linkedinUrl,
  profileImageUrl: campaignLeads.profileImageUrl,
  label: campaignLeads.label,
  leadState: campaignLeads.state,
  leadReason: campaignLeads.stateReason,
  campaignId: campaigns.id,
  campaignName: campaigns.name,
  campaignStatus: campaigns.status,
};

/** The FROM of every thread read: joined on the keys, so a thread is read with its lead in one go. */
export const threadsFrom = (deps: Pick<AppDeps, 'db'>) =>
  deps.db
    .select(threadColumns)
    .from(conversations)
    .innerJoin(campaignLeads, eq(campaignLeads.id, conversations.campaignLeadId))
    .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
    .leftJoin(linkedinAccounts, eq(linkedinAccounts.id, conversations.accountId));

export type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadsFrom>['where']>>[number];

export const threadSummaryOf = (row: ThreadRow): TThreadSummary => ({
  id: row.id,
  lead: {
    campaign_lead_id: row.campaignLeadId,
    name: row.leadName,
    headline: row.headline,
    company: row.company,
    linkedin_url: row.linkedinUrl,
    profile_image_url: row.profileImageUrl,
  },
  campaign: { id: row.campaignId, name: row.campaignName },
  account: row.accountId ? { id: row.accountId, name: row.accountName ?? '' } : null,
  last_message: {
    text: row.lastMessageText,
    from: row.lastMessageFrom,
    sent_at: row.lastMessageAt.toISOString(),
  },
  unread_count: row.unreadCount,
  label: row.label,
});

/** How the thread names the plan's next action. */
const NEXT_STEP_OF: Record<OutreachAction, string> = {
  view_profile: 'View the profile',
  like_post: 'Like a recent post',
  comment_post: 'Comment on a recent post',
  send_invitation: 'Send the connection request',
  check_invitation: 'Check the connection request',
  follow_up_1: 'Send follow-up 1',
  follow_up_2: 'Send follow-up 2',
  check_reply: 'Last look for a reply',
};

/** The caller's thread, or 404 (another user's thread is not even said to exist). */
export const findThread = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  threadId: number,
): Promise<ThreadRow> => {
  const [row] = await threadsFrom(deps).where(
    and(eq(conversations.id, threadId), eq(conversations.userId, userId)),
  );
  if (!row) throw notFound(ENGAGEMENT_MESSAGES.threadNotFound);
  return row;
};

/** A thread with every message, oldest first, and where the lead's sequence stands. */
export const threadDetailOf = async (deps: Pick<AppDeps, 'db'>, row: ThreadRow): Promise<TThreadDetail> => {
  const [messages, [next]] = await Promise.all([
    deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, row.id))
      .orderBy(asc(conversationMessages.sentAt), asc(conversationMessages.id)),
    deps.db
      .select({ action: outreachSteps.action, dueAt: outreachSteps.dueAt, state: outreachSteps.state })
      .from(outreachSteps)
      .where(
        and(
          eq(outreachSteps.campaignLeadId, row.campaignLeadId),
          inArray(outreachSteps.state, ['scheduled', 'running', 'paused']),
        ),
      )
      .orderBy(asc(outreachSteps.dueAt))
      .limit(1),
  ]);
  const ended = isFinalLeadState(row.leadState);
  return {
    ...threadSummaryOf(row),
    messages: messages.map((m) => ({
      id: m.id,
      from: m.sender,
      origin: m.origin,
      text: m.text,
      sent_at: m.sentAt.toISOString(),
    })),
    sequence: {
      status: LEAD_STATUS_OF[row.leadState],
      reason: row.leadReason,
      ended,
      next_step:
        next && !ended && next.state !== 'paused'
          ? { action: next.action, label: NEXT_STEP_OF[next.action], due_at: next.dueAt.toISOString() }
          : null,
      campaign_status: CAMPAIGN_STATUS_OF[row.campaignStatus],
    },
  };
};
