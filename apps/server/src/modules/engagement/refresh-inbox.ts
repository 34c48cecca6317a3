import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaignLeads, campaigns, conversations, inboxReads, linkedinAccounts } from '../../db/schema';
import {
  LinkedInChallengeError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
} from '../../lib/clients/linkedin-gateway';
import { isUsable, noteAccountFailure, openAccountSession } from '../linkedin/outreach-account';
import { keepThread } from '../outreach/keep-thread';
import { engineTimeOf, releaseLease, spacingMs, takeLease } from '../outreach/run-account';
import { pauseAccountCampaigns } from '../outreach/settle-step';

/**
 * Threads the refresh job reads per account and day at most: as many as the engine's last looks for a
 * reply (caps.ts, check_reply), so keeping the inbox fresh never reads LinkedIn more than a careful person.
 */
export const INBOX_READS_PER_DAY = 100;
/** Threads read in one run; the account then rests as after any action. */
const READS_PER_RUN = 10;
/** Lead states whose thread holds our messages: only they can have an answer to show. */
const MESSAGED_STATES = ['follow_up_1_sent', 'follow_up_2_sent', 'replied', 'finished'] as const;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin' | 'config'> & {
  log?: { warn: (obj: object, msg: string) => void };
  random?: () => number;
};

export type RefreshResult =
  | { read: number; kept: number }
  | { read: 0; skipped: 'busy' | 'unusable' | 'resting' | 'daily_cap' | 'nothing_to_read' };

const isAccountFailure = (error: unknown): boolean =>
  error instanceof LinkedInSessionExpiredError ||
  error instanceof LinkedInThrottledError ||
  error instanceof LinkedInChallengeError;

/** Counts one more thread read today; answers the reads of the day after it. */
const countRead = async (deps: Deps, accountId: string, day: string): Promise<void> => {
  await deps.db
    .insert(inboxReads)
    .values({ accountId, day, reads: 1 })
    .onConflictDoUpdate({
      target: [inboxReads.accountId, inboxReads.day],
      set: { reads: sql`${inboxReads.reads} + 1` },
    });
};

/**
 * Reads the account's threads with its campaign leads from LinkedIn and keeps what is new, so replies
 * show in the inbox between the engine's own looks. Bounded: only leads the campaigns have written to
 * (or whose thread the inbox holds), those read longest ago first, a few per run under the account's
 * lease and its rest between actions, within INBOX_READS_PER_DAY. Safe to run twice: messages are kept
 * once by their URN.
 */
export const refreshInbox = async (deps: Deps, accountId: string): Promise<RefreshResult> => {
  const time = engineTimeOf(deps.config);
  const now = deps.clock.now();
  const taken = await takeLease(deps, accountId, now);
  if (!taken) return { read: 0, skipped: 'busy' };
  const { account, lease } = taken;
  try {
    if (!isUsable(account, now)) return { read: 0, skipped: 'unusable' };
    if (account.nextActionAt && account.nextActionAt > now) return { read: 0, skipped: 'resting' };
    const day = time.dayOf(now, 'UTC').start.toISOString().slice(0, 10);
    const [today] = await deps.db
      .select({ reads: inboxReads.reads })
      .from(inboxReads)
      .where(and(eq(inboxReads.accountId, accountId), eq(inboxReads.day, day)));
    const left = Math.min(READS_PER_RUN, INBOX_READS_PER_DAY - (today?.reads ?? 0));
    if (left <= 0) return { read: 0, skipped: 'daily_cap' };
    // A thread read within the last hour (of the engine's day) waits its turn.
    const staleBefore = new Date(now.getTime() - time.dayMs / 24);
    const due = await deps.db
      .select({ id: campaignLeads.id, profileUrn: campaignLeads.profileUrn })
      .from(campaignLeads)
      .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
      .leftJoin(conversations, eq(conversations.campaignLeadId, campaignLeads.id))
      .where(
        and(
          eq(campaigns.userId, account.userId),
          isNotNull(campaignLeads.profileUrn),
          or(inArray(campaignLeads.state, [...MESSAGED_STATES]), isNotNull(conversations.id)),
          or(isNull(conversations.refreshedAt), lt(conversations.refreshedAt, staleBefore)),
        ),
      )
      .orderBy(sql`${conversations.refreshedAt} ASC NULLS FIRST`, asc(campaignLeads.id))
      .limit(left);
    if (due.length === 0) return { read: 0, skipped: 'nothing_to_read' };
    const session = openAccountSession(deps, account);
    let read = 0;
    let kept = 0;
    for (const lead of due) {
      if (!lead.profileUrn) continue;
      let thread: Awaited<ReturnType<typeof session.conversationWith>>;
      try {
        thread = await session.conversationWith(lead.profileUrn);
      } catch (error) {
        if (isAccountFailure(error)) {
          const reason = await noteAccountFailure(deps, account, error);
          if (reason)
            await pauseAccountCampaigns(deps.db, account.userId, `Paused: ${reason}`, deps.clock.now());
          break;
        }
        // A person gone or a passing failure: this thread waits for the next run.
        if (error instanceof LinkedInNotFoundError || error instanceof LinkedInRequestError) continue;
        deps.log?.warn({ accountId, err: String(error) }, 'inbox refresh: a thread could not be read');
        continue;
      } finally {
        read += 1;
        await countRead(deps, accountId, day);
      }
      const threadId = await keepThread(
        deps.db,
        { userId: account.userId, accountId, campaignLeadId: lead.id },
        thread,
        { originOf: () => 'linkedin', refreshedAt: deps.clock.now() },
      );
      if (threadId !== null) kept += 1;
    }
    await deps.db
      .update(linkedinAccounts)
      .set({
        nextActionAt: new Date(deps.clock.now().getTime() + spacingMs(time, deps.random ?? Math.random)),
      })
      .where(eq(linkedinAccounts.id, accountId));
    return { read, kept };
  } finally {
    await releaseLease(deps, accountId, lease);
  }
};

/**
 * Queues a refresh for every account that may read now and has threads worth reading (its campaigns wrote
 * to someone, or the inbox holds a thread). One job per account at a time (singleton key).
 */
export const sweepInboxes = async (deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>): Promise<string[]> => {
  const now = deps.clock.now().toISOString();
  const result = await deps.db.execute(sql`
    SELECT a.id AS account_id
      FROM linkedin_accounts a
     WHERE (a.status = 'active' OR (a.status = 'throttled' AND a.backoff_until <= ${now}::timestamptz))
       AND (EXISTS (SELECT 1 FROM conversations c WHERE c.account_id = a.id)
            OR EXISTS (SELECT 1 FROM campaigns k JOIN campaign_leads l ON l.campaign_id = k.id
                        WHERE k.user_id = a.user_id
                          AND l.state IN ('follow_up_1_sent', 'follow_up_2_sent', 'replied')))`);
  const accounts = (result as unknown as { rows: { account_id: string }[] }).rows.map(
    (row) => row.account_id,
  );
  for (const accountId of accounts) {
    await deps.jobs.send('engagement-refresh', { accountId }, { singletonKey: accountId });
  }
  return accounts;
};
