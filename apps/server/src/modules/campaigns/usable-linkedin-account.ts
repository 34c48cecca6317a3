import { CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type LinkedInAccountRow, linkedinAccounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUsable } from '../linkedin/outreach-account';

/** The answer that makes the client open the li_at dialog (ZExpiredErrorBody). */
export const linkedinExpired = (): AppError =>
  new AppError(409, 'linkedin_expired', CAMPAIGN_MESSAGES.linkedinExpired, { expired: true });

/** LinkedIn asked the account to slow down: a new li_at would not help, waiting does. */
const linkedinThrottled = (until: Date | null): AppError =>
  new AppError(
    409,
    'linkedin_throttled',
    until
      ? `LinkedIn asked this account to slow down: outreach can start again after ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : 'LinkedIn asked this account to slow down: try again later',
    until ? { retry_at: until.toISOString() } : {},
  );

const linkedinChallenge = (): AppError =>
  new AppError(409, 'linkedin_challenge', CAMPAIGN_MESSAGES.linkedinChallenge);

/**
 * The caller's LinkedIn account when the engine may use it now. Otherwise the real reason: no account
 * or an expired session (expired: true, the li_at dialog), LinkedIn's request to slow down (with when it
 * ends), or a security check to pass. Takes a transaction: launch reads it under the campaign's lock.
 */
export const usableLinkedInAccount = async (
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<LinkedInAccountRow> => {
  const [account] = await db.select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, userId));
  if (!account) throw linkedinExpired();
  if (isUsable(account, now)) return account;
  if (account.status === 'throttled') throw linkedinThrottled(account.backoffUntil);
  if (account.status === 'challenge') throw linkedinChallenge();
  throw linkedinExpired();
};
