import { setTimeout as sleep } from 'node:timers/promises';
import { PROSPECT_RESEARCH_MESSAGES } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { activityLog, type LinkedInAccountRow, linkedinAccounts, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  LinkedInChallengeError,
  LinkedInError,
  LinkedInNotFoundError,
  type LinkedInPost,
  type LinkedInProfile,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
} from '../../lib/clients/linkedin-gateway';
import { usableLinkedInAccount } from '../campaigns/usable-linkedin-account';
import { findLinkedInAccount, noteAccountFailure, openAccountSession } from '../linkedin/outreach-account';
import { capReachedUntil } from '../outreach/caps';
import { slugOf } from '../outreach/profile-actions';
import { engineTimeOf, takeLease } from '../outreach/run-account';
import { LeadCannotContinueError } from '../outreach/step-types';
import { POSTS_READ } from './research-sources';

export type ReadDeps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin' | 'config'>;

/** The shortest spacing the engine leaves between two actions of an account (a careful person's pause). */
const SPACING_MS = 45_000;
/** The lease is tried this often, a second apart, before the account is said to be busy. */
const LEASE_TRIES = 8;

/** The account's daily cap of profile views is used up: when it opens again. */
export class DailyCapReachedError extends Error {
  constructor(readonly until: Date) {
    super(PROSPECT_RESEARCH_MESSAGES.dailyCap(`${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`));
  }
}

/** No LinkedIn account at all: research has nothing to read through (the web app opens the li_at dialog). */
export const linkedinNotConnected = (): AppError =>
  new AppError(409, 'linkedin_not_connected', PROSPECT_RESEARCH_MESSAGES.connectLinkedIn, { expired: true });

/**
 * The user's LinkedIn account when research may use it now; otherwise a 409 that says why (no account,
 * an expired session, LinkedIn's rest or security check), as launching a campaign does.
 */
export const researchAccount = async (deps: ReadDeps, userId: string): Promise<LinkedInAccountRow> => {
  if (!(await findLinkedInAccount(deps, userId))) throw linkedinNotConnected();
  return usableLinkedInAccount(deps.db, userId, deps.clock.now());
};

const zoneOf = async (deps: ReadDeps, userId: string): Promise<string> => {
  const [row] = await deps.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.zone ?? 'UTC';
};

/** What LinkedIn's refusal means for the person asking, after the account's state is recorded. */
const refusal = async (deps: ReadDeps, account: LinkedInAccountRow, error: unknown): Promise<never> => {
  const reason = await noteAccountFailure(deps, account, error);
  if (error instanceof LinkedInSessionExpiredError)
    throw new AppError(409, 'linkedin_expired', reason ?? 'Your LinkedIn session has expired', {
      expired: true,
    });
  if (error instanceof LinkedInThrottledError)
    throw new AppError(409, 'linkedin_throttled', reason ?? 'LinkedIn asked us to slow down');
  if (error instanceof LinkedInChallengeError)
    throw new AppError(409, 'linkedin_challenge', reason ?? 'LinkedIn asks for a security check');
  if (error instanceof LinkedInNotFoundError)
    throw new AppError(409, 'conflict', 'This profile is not on LinkedIn any more.');
  if (error instanceof LeadCannotContinueError)
    throw new AppError(409, 'conflict', PROSPECT_RESEARCH_MESSAGES.noProfile);
  if (error instanceof LinkedInError)
    throw new AppError(502, 'linkedin_unavailable', 'LinkedIn could not be reached. Please try again later.');
  throw error;
};

/**
 * Reads a lead's profile and recent posts through the user's LinkedIn account, under the engine's rules: the
 * account's lease (one action at a time per account, whichever process runs it: the read waits a few
 * seconds for a campaign action to finish), its daily cap of profile views (the read is one, logged in the
 * activity log the caps count, so campaigns and research share the budget), and the engine's spacing after
 * it (the account's next campaign action waits as after any other). `wait: false` (the list job) answers
 * busy at once: the job comes back later.
 */
export const readLeadOnLinkedIn = async (
  deps: ReadDeps,
  account: LinkedInAccountRow,
  lead: { name: string; linkedinUrl: string },
  options: { wait: boolean } = { wait: true },
): Promise<{ profile: LinkedInProfile; posts: LinkedInPost[] }> => {
  const time = engineTimeOf(deps.config);
  let taken = await takeLease(deps, account.id, deps.clock.now());
  for (let attempt = 1; !taken && options.wait && attempt < LEASE_TRIES; attempt++) {
    await sleep(1_000);
    taken = await takeLease(deps, account.id, deps.clock.now());
  }
  if (!taken) throw new AppError(409, 'linkedin_busy', PROSPECT_RESEARCH_MESSAGES.accountBusy);
  const { lease } = taken;
  try {
    const now = deps.clock.now();
    const capped = await capReachedUntil(deps.db, time, {
      accountId: account.id,
      campaignId: 0,
      action: 'view_profile',
      connectionRequestsPerDay: 0,
      zone: await zoneOf(deps, account.userId),
      now,
    });
    if (capped) throw new DailyCapReachedError(capped);
    const session = openAccountSession(deps, account);
    try {
      const profile = await session.viewProfile(slugOf(lead.linkedinUrl));
      await deps.db.insert(activityLog).values({
        userId: account.userId,
        accountId: account.id,
        action: 'view_profile',
        outcome: `Viewed the profile of ${profile.name} (Prospect Research)`,
        createdAt: deps.clock.now(),
      });
      const posts = await session.recentPosts(profile.profileUrn, POSTS_READ);
      return { profile, posts };
    } catch (error) {
      return await refusal(deps, account, error);
    } finally {
      // The engine's next action on the account is spaced after this read as after one of its own (never
      // sooner than it was already to wait).
      const spaced = new Date(
        deps.clock.now().getTime() + Math.round(SPACING_MS * (time.dayMs / 86_400_000)),
      );
      await deps.db
        .update(linkedinAccounts)
        .set({
          nextActionAt: sql`greatest(${linkedinAccounts.nextActionAt}, ${spaced.toISOString()}::timestamptz)`,
        })
        .where(eq(linkedinAccounts.id, account.id));
    }
  } finally {
    lease.stop();
    await deps.db
      .update(linkedinAccounts)
      .set({ engineLeaseUntil: null, engineLeaseHolder: null })
      .where(eq(linkedinAccounts.engineLeaseHolder, lease.holder));
  }
};
