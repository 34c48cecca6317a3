import type { TLoginResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/security/passwords';
import { giveBackThrottleHit, hitThrottle, THROTTLE } from '../../lib/security/throttle';
import { issueOtp } from './one-time-codes';
import { type ClientMeta, signIn } from './start-session';

export const INVALID_CREDENTIALS = 'Incorrect email or password';

export const login = async (
  deps: AppDeps,
  input: { email: string; password: string; captchaToken: string } & ClientMeta,
): Promise<TLoginResponse> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.loginPerAddress, input.ip);
  // Every attempt takes its place before the password is checked; a correct one gives it back, so the
  // account's limit counts wrong passwords only and a person who signs in often is never locked out.
  await hitThrottle(deps.db, deps.clock, THROTTLE.loginPerAccount, input.email);
  await deps.captcha(input.captchaToken, input.ip);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  }
  await giveBackThrottleHit(deps.db, deps.clock, THROTTLE.loginPerAccount, input.email);
  if (!user.isVerified) {
    const token = await issueOtp(deps, user, 'verify_email');
    throw new AppError(
      403,
      'not_verified',
      'Please verify your email address: we have sent you a new code.',
      { token },
    );
  }
  return signIn(deps, user, input);
};
