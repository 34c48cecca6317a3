import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { creditLedger } from '../../db/schema';

export const SIGNUP_GRANT_REASON = 'signup_grant';

/** The starting credits of a new account (SIGNUP_CREDITS), at most once per account. */
export const grantSignupCredits = async (
  deps: Pick<AppDeps, 'config' | 'clock'>,
  db: DbOrTx,
  userId: string,
): Promise<void> => {
  if (deps.config.signupCredits <= 0) return;
  await db
    .insert(creditLedger)
    .values({
      userId,
      amount: deps.config.signupCredits,
      reason: SIGNUP_GRANT_REASON,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
};
