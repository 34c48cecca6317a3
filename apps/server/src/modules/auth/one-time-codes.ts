import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { otpCodes, type UserRow, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { equalHex, hmac, randomOtp, randomToken, sha256 } from '../../lib/security/secrets';
import { hitThrottle, THROTTLE } from '../../lib/security/throttle';
import { passwordResetMail, verificationMail } from './mail-templates';

export type OtpPurpose = 'verify_email' | 'reset_password';
type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>;

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

const codeHash = (deps: Deps, challengeHash: string, code: string): string =>
  hmac(deps.config.jwtSecret, `${challengeHash}:${code}`);

const mailFor = (purpose: OtpPurpose, to: string, code: string) =>
  purpose === 'verify_email' ? verificationMail(to, code) : passwordResetMail(to, code);

/** Mails a fresh code and answers the challenge token the client keeps (the code itself is never answered). */
export const issueOtp = async (deps: Deps, user: UserRow, purpose: OtpPurpose): Promise<string> => {
  await hitThrottle(deps.db, deps.clock, THROTTLE.otpSendPerAccount, user.id);
  const token = randomToken();
  const challengeHash = sha256(token);
  const code = randomOtp();
  const now = deps.clock.now();
  await deps.db.insert(otpCodes).values({
    userId: user.id,
    purpose,
    challengeHash,
    codeHash: codeHash(deps, challengeHash, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    createdAt: now,
  });
  await deps.mailer.send(mailFor(purpose, user.email, code));
  return token;
};

/** A new code for the challenge the client already holds; the old code stops working. */
export const reissueOtp = async (deps: Deps, token: string, purpose: OtpPurpose): Promise<void> => {
  const challengeHash = sha256(token);
  const [row] = await deps.db
    .select({ challenge: otpCodes, user: users })
    .from(otpCodes)
    .innerJoin(users, eq(users.id, otpCodes.userId))
    .where(
      and(
        eq(otpCodes.challengeHash, challengeHash),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
      ),
    )
    .limit(1);
  if (!row)
    throw new AppError(400, 'invalid_code', 'This code request is no longer valid. Please start again.');
  if (purpose === 'verify_email' && row.user.isVerified) {
    throw new AppError(409, 'already_verified', 'Your e-mail address is already verified. Please sign in.');
  }
  await hitThrottle(deps.db, deps.clock, THROTTLE.otpSendPerAccount, row.user.id);
  const code = randomOtp();
  await deps.db
    .update(otpCodes)
    .set({
      codeHash: codeHash(deps, challengeHash, code),
      attempts: 0,
      expiresAt: new Date(deps.clock.now().getTime() + OTP_TTL_MS),
    })
    .where(eq(otpCodes.id, row.challenge.id));
  await deps.mailer.send(mailFor(purpose, row.user.email, code));
};

/**
 * Checks a code and uses it up. Each try is counted before the comparison, atomically, so parallel
 * guesses cannot get past the limit; a code that matched once never matches again.
 */
export const consumeOtp = async (
  deps: Deps,
  token: string,
  code: string,
  purpose: OtpPurpose,
): Promise<UserRow> => {
  const challengeHash = sha256(token);
  const now = deps.clock.now();
  const [counted] = await deps.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.challengeHash, challengeHash),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!counted) {
    throw new AppError(400, 'invalid_code', 'This code can no longer be used. Please request a new code.');
  }
  if (counted.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(400, 'code_expired', 'The code has expired. Please request a new code.');
  }
  if (!equalHex(counted.codeHash, codeHash(deps, challengeHash, code))) {
    const left = OTP_MAX_ATTEMPTS - counted.attempts;
    throw new AppError(
      400,
      'invalid_code',
      left > 0
        ? `The code is not correct. ${left} attempt(s) left.`
        : 'The code is not correct. Please request a new code.',
    );
  }
  const [used] = await deps.db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, counted.id), isNull(otpCodes.consumedAt)))
    .returning({ userId: otpCodes.userId });
  const [user] = used ? await deps.db.select().from(users).where(eq(users.id, used.userId)) : [];
  if (!user)
    throw new AppError(400, 'invalid_code', 'This code can no longer be used. Please request a new code.');
  return user;
};
