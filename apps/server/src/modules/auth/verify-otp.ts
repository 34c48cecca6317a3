import type { TLoginResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import { hitThrottle, THROTTLE } from '../../lib/security/throttle';
import { grantSignupCredits } from '../credits/grant-signup-credits';
import { consumeOtp, reissueOtp } from './one-time-codes';
import { type ClientMeta, signIn } from './start-session';

/** The code from the sign-up mail verifies the address and signs the user in. */
export const verifyOtp = async (
  deps: AppDeps,
  input: { token: string; otp: string } & ClientMeta,
): Promise<TLoginResponse> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.otpPerAddress, input.ip);
  const user = await consumeOtp(deps, input.token, input.otp, 'verify_email');
  const verified = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: deps.clock.now() })
      .where(eq(users.id, user.id))
      .returning();
    await grantSignupCredits(deps, tx, user.id);
    return row;
  });
  return signIn(deps, verified ?? user, input);
};

export const resendOtp = async (
  deps: AppDeps,
  input: { token: string; ip: string },
): Promise<{ message: string }> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.otpPerAddress, input.ip);
  await reissueOtp(deps, input.token, 'verify_email');
  return { message: 'OTP Sent!' };
};
