import type { TChallengeResponse, TSubscriptionType } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { hashPassword } from '../../lib/security/passwords';
import { hitThrottle, THROTTLE } from '../../lib/security/throttle';
import { issueOtp } from './one-time-codes';

export type RegisterInput = {
  email: string;
  password: string;
  captchaToken: string;
  /**
   * The plan the visitor chose on the sign-up screen (spec §6: it sends Premium). It is not granted: an
   * account starts on the free plan and holds Premium only through a paid subscription or an admin.
   */
  subscriptionType: TSubscriptionType;
  ip: string;
};

/**
 * Creates the account unverified and mails the code. Registering again before verifying replaces the
 * password: only the owner of the mailbox can finish it, so nobody can squat an address.
 */
export const register = async (deps: AppDeps, input: RegisterInput): Promise<TChallengeResponse> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.registerPerAddress, input.ip);
  await deps.captcha(input.captchaToken, input.ip);
  const passwordHash = await hashPassword(input.password);
  const [existing] = await deps.db.select().from(users).where(eq(users.email, input.email));
  if (existing?.isVerified) throw conflict('An account with this email already exists. Please sign in.');
  const now = deps.clock.now();
  const [user] = existing
    ? await deps.db
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning()
    : await deps.db
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
  if (!user) throw conflict('An account with this email already exists. Please sign in.');
  return { token: await issueOtp(deps, user, 'verify_email') };
};
