import type { TChallengeResponse, TMessageResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import type { AuthContext } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/security/passwords';
import { randomToken } from '../../lib/security/secrets';
import { hitThrottle, THROTTLE } from '../../lib/security/throttle';
import { grantSignupCredits } from '../credits/grant-signup-credits';
import { endSessions } from './end-sessions';
import { consumeOtp, issueOtp } from './one-time-codes';

/**
 * Answers a challenge token whether or not the address has an account, so the call tells nobody
 * which addresses are registered; only a real account gets a mail.
 */
export const forgotPassword = async (
  deps: AppDeps,
  input: { email: string; captchaToken: string; ip: string },
): Promise<TChallengeResponse> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.resetPerAddress, input.ip);
  await hitThrottle(deps.db, deps.clock, THROTTLE.resetPerAccount, input.email);
  await deps.captcha(input.captchaToken, input.ip);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  if (!user) return { token: randomToken() };
  return { token: await issueOtp(deps, user, 'reset_password') };
};

/** A correct code sets the new password and ends every session of the account. */
export const resetPassword = async (
  deps: AppDeps,
  input: { token: string; otp: string; password: string; ip: string },
): Promise<TMessageResponse> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.otpPerAddress, input.ip);
  const user = await consumeOtp(deps, input.token, input.otp, 'reset_password');
  const passwordHash = await hashPassword(input.password);
  // The code came by mail, so the address is proven too.
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, isVerified: true, updatedAt: deps.clock.now() })
      .where(eq(users.id, user.id));
    await grantSignupCredits(deps, tx, user.id);
  });
  await endSessions(deps, { userId: user.id }, 'password reset');
  return { message: 'Your password has been changed. Please sign in.' };
};

/** A signed-in user's new password; the other sessions end, this one stays. */
export const changePassword = async (
  deps: AppDeps,
  caller: AuthContext,
  input: { oldPassword: string; newPassword: string },
): Promise<TMessageResponse> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.passwordChangePerAccount, caller.user.id);
  if (!(await verifyPassword(caller.user.passwordHash, input.oldPassword))) {
    throw new AppError(400, 'invalid_password', 'Current password is not correct');
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: deps.clock.now() })
    .where(eq(users.id, caller.user.id));
  // Also drops this session's cached row, whose old password hash would check the next change.
  await endSessions(deps, { userId: caller.user.id, except: caller.sessionId }, 'password changed');
  return { message: 'Password changed' };
};
