import { CAMPAIGN_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type LinkedInAccountRow, linkedinAccounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUsable } from '../linkedin/linkedin-account';

/** The answer that makes the client open the li_at dialog (ZExpiredErrorBody). */
export const linkedinExpired = (): AppError =>
  new AppError(409, 'linkedin_expired', CAMPAIGN_MESSAGES.linkedinExpired, { expired: true });

/**
 * The caller's LinkedIn account when the engine may use it now; none at all counts as expired too.
 * Takes a transaction: launch reads it under the campaign's lock.
 */
export const usableLinkedInAccount = async (
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<LinkedInAccountRow> => {
  const [account] = await db.select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, userId));
  if (!account || !isUsable(account, now)) throw linkedinExpired();
  return account;
};
