import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type LinkedInAccountRow, linkedinAccounts } from '../../db/schema';
import {
  LinkedInChallengeError,
  type LinkedInSession,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
} from '../../lib/clients/linkedin-gateway';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin'>;

export const findLinkedInAccount = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<LinkedInAccountRow | null> => {
  const [account] = await deps.db.select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, userId));
  return account ?? null;
};

/** A gateway session on the account's stored cookies (opened in memory only, never logged). */
export const openAccountSession = (deps: Deps, account: LinkedInAccountRow): LinkedInSession =>
  deps.linkedin.gateway.openSession({
    liAt: deps.vault.open(account.liAtSealed),
    ...(account.jsessionIdSealed ? { jsessionId: deps.vault.open(account.jsessionIdSealed) } : {}),
  });

/** How long an account rests after LinkedIn asked it to slow down or to pass a check. */
export const CHALLENGE_BACKOFF_MS = 24 * 60 * 60 * 1000;

/**
 * Records what a LinkedIn failure says about the account (expired, throttled, challenged) and answers
 * the reason to show the user, or null when the failure says nothing about the account.
 */
export const noteAccountFailure = async (
  deps: Deps,
  account: LinkedInAccountRow,
  error: unknown,
): Promise<string | null> => {
  const now = deps.clock.now();
  const change =
    error instanceof LinkedInSessionExpiredError
      ? { status: 'expired' as const, statusReason: 'Your LinkedIn session has expired', backoffUntil: null }
      : error instanceof LinkedInThrottledError
        ? {
            status: 'throttled' as const,
            statusReason: 'LinkedIn asked us to slow down; outreach rests for a while',
            backoffUntil: new Date(now.getTime() + Math.max(error.retryAfterSeconds, 3600) * 1000),
          }
        : error instanceof LinkedInChallengeError
          ? {
              status: 'challenge' as const,
              statusReason:
                'LinkedIn asks for a security check: open LinkedIn in your browser, pass it, then save a new li_at',
              backoffUntil: new Date(now.getTime() + CHALLENGE_BACKOFF_MS),
            }
          : null;
  if (!change) return null;
  await deps.db
    .update(linkedinAccounts)
    .set({ ...change, lastCheckedAt: now, updatedAt: now })
    .where(eq(linkedinAccounts.id, account.id));
  return change.statusReason;
};

/** Throttled accounts become usable again once their rest is over. */
export const isUsable = (account: LinkedInAccountRow, now: Date): boolean =>
  account.status === 'active' ||
  (account.status === 'throttled' &&
    account.backoffUntil !== null &&
    account.backoffUntil.getTime() <= now.getTime());
