import { ENGAGEMENT_MESSAGES, type TThreadDetail } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaignLeads, campaigns, conversations, linkedinAccounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  LinkedInChallengeError,
  LinkedInRequestError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
} from '../../lib/clients/linkedin-gateway';
import { usableLinkedInAccount } from '../campaigns/usable-linkedin-account';
import { noteAccountFailure, openAccountSession } from '../linkedin/outreach-account';
import { messagesToday } from '../outreach/caps';
import { keepThread } from '../outreach/keep-thread';
import { engineTimeOf, releaseLease, spacingMs, takeLease } from '../outreach/run-account';
import { pauseAccountCampaigns } from '../outreach/settle-step';
import { findThread, threadDetailOf } from './thread-view';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin' | 'config'>;

const sameText = (a: string, b: string): boolean =>
  a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

const accountRefusal = async (deps: Deps, userId: string, error: unknown): Promise<AppError | null> => {
  if (
    !(error instanceof LinkedInSessionExpiredError) &&
    !(error instanceof LinkedInThrottledError) &&
    !(error instanceof LinkedInChallengeError)
  )
    return null;
  // As the engine does: the account is marked and its campaigns pause, so nothing else is tried on it.
  const [account] = await deps.db.select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, userId));
  const reason = account ? await noteAccountFailure(deps, account, error) : null;
  if (reason) await pauseAccountCampaigns(deps.db, userId, `Paused: ${reason}`, deps.clock.now());
  const code =
    error instanceof LinkedInThrottledError
      ? 'linkedin_throttled'
      : error instanceof LinkedInChallengeError
        ? 'linkedin_challenge'
        : 'linkedin_expired';
  return new AppError(
    409,
    code,
    ENGAGEMENT_MESSAGES.accountUnusable(reason ?? 'LinkedIn refused the session'),
    {
      ...(code === 'linkedin_expired' ? { expired: true } : {}),
    },
  );
};

/**
 * Sends a reply in a thread as the campaign's own messages are sent: only through a usable account, within
 * the account's daily messages (follow-ups and replies share them), holding the account's lease so no
 * campaign step runs beside it, then read back from LinkedIn and kept. A refusal says why, and nothing is
 * written unless LinkedIn shows the message in the thread.
 */
export const replyToThread = async (
  deps: Deps,
  userId: string,
  threadId: number,
  text: string,
): Promise<TThreadDetail> => {
  const thread = await findThread(deps, userId, threadId);
  const now = deps.clock.now();
  const account = await usableLinkedInAccount(deps.db, userId, now);
  if (thread.accountId !== account.id) throw new AppError(409, 'reconnect', ENGAGEMENT_MESSAGES.noAccount);
  const [lead] = await deps.db
    .select({ profileUrn: campaignLeads.profileUrn, timeZone: campaigns.timeZone })
    .from(campaignLeads)
    .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
    .where(eq(campaignLeads.id, thread.campaignLeadId));
  if (!lead?.profileUrn) throw new AppError(409, 'not_connected', ENGAGEMENT_MESSAGES.notConnected);
  const time = engineTimeOf(deps.config);
  const today = await messagesToday(deps.db, time, { accountId: account.id, zone: lead.timeZone, now });
  if (today.used >= today.cap)
    throw new AppError(429, 'daily_cap_reached', ENGAGEMENT_MESSAGES.dailyCapReached(today.cap), {
      retry_at: today.until.toISOString(),
    });
  const taken = await takeLease(deps, account.id, now);
  if (!taken) throw new AppError(409, 'conflict', ENGAGEMENT_MESSAGES.accountBusy);
  try {
    const session = openAccountSession(deps, taken.account);
    const sentFrom = deps.clock.now().getTime();
    try {
      await session.sendMessage(lead.profileUrn, text);
    } catch (error) {
      const refusal = await accountRefusal(deps, userId, error);
      if (refusal) throw refusal;
      if (error instanceof LinkedInRequestError && error.status >= 400 && error.status < 500)
        throw new AppError(409, 'not_connected', ENGAGEMENT_MESSAGES.notConnected);
      throw new AppError(502, 'linkedin_unavailable', ENGAGEMENT_MESSAGES.unreachable);
    }
    const after = await session.conversationWith(lead.profileUrn);
    // Our reply is the newest message of ours with its words, sent from the moment we sent it.
    const mine = after.filter(
      (m) => m.from === 'me' && sameText(m.text, text) && m.sentAt.getTime() >= sentFrom - 60_000,
    );
    await keepThread(
      deps.db,
      { userId, accountId: account.id, campaignLeadId: thread.campaignLeadId },
      after,
      { originOf: (m) => (mine.includes(m) ? 'inbox' : 'linkedin') },
    );
    if (mine.length === 0) throw new AppError(502, 'linkedin_unavailable', ENGAGEMENT_MESSAGES.notKept);
    // Read while replying: the lead's messages are no longer unread. The account rests as after any action.
    await deps.db.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, thread.id));
    const restUntil = new Date(deps.clock.now().getTime() + spacingMs(time, Math.random));
    await deps.db
      .update(linkedinAccounts)
      .set({
        nextActionAt: sql`greatest(${linkedinAccounts.nextActionAt}, ${restUntil.toISOString()}::timestamptz)`,
      })
      .where(eq(linkedinAccounts.id, account.id));
  } finally {
    await releaseLease(deps, account.id, taken.lease);
  }
  return threadDetailOf(deps, await findThread(deps, userId, threadId));
};
