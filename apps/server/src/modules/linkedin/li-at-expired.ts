import type { TLiAtExpiredResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { linkedinAccounts } from '../../db/schema';
import { LinkedInError, LinkedInSessionExpiredError } from '../../lib/clients/linkedin-gateway';
import { findLinkedInAccount, noteAccountFailure, openAccountSession } from './outreach-account';

/**
 * The web app asks every 60 s; LinkedIn is asked at most this often per account, so polling tabs
 * never add up to traffic a careful person would not make. The engine reports failures as they come.
 */
export const RECHECK_AFTER_MS = 15 * 60 * 1000;

export const liAtExpired = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin'>,
  userId: string,
): Promise<TLiAtExpiredResponse> => {
  const account = await findLinkedInAccount(deps, userId);
  const sandbox = deps.linkedin.sandbox;
  if (!account) return { expired: false, connected: false, sandbox, name: null };
  const now = deps.clock.now();
  let expired = account.status === 'expired';
  if (account.status === 'active' && now.getTime() - account.lastCheckedAt.getTime() >= RECHECK_AFTER_MS) {
    try {
      await openAccountSession(deps, account).me();
      await deps.db
        .update(linkedinAccounts)
        .set({ lastCheckedAt: now })
        .where(eq(linkedinAccounts.id, account.id));
    } catch (error) {
      if (!(error instanceof LinkedInError)) throw error;
      await noteAccountFailure(deps, account, error);
      expired = error instanceof LinkedInSessionExpiredError;
    }
  }
  return { expired, connected: true, sandbox, name: account.memberName };
};
