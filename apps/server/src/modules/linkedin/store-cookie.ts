import { LINKEDIN_MESSAGES, type TStoreCookieResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { linkedinAccounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  LinkedInChallengeError,
  LinkedInError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
} from '../../lib/clients/linkedin-gateway';

const refusal = (error: unknown): AppError => {
  if (error instanceof LinkedInSessionExpiredError) {
    return new AppError(
      400,
      'invalid_cookie',
      'LinkedIn did not accept this li_at: copy a fresh one from your browser.',
    );
  }
  if (error instanceof LinkedInChallengeError) {
    return new AppError(
      400,
      'linkedin_challenge',
      'LinkedIn asks for a security check: open LinkedIn in your browser, pass it, then save the new li_at.',
    );
  }
  if (error instanceof LinkedInThrottledError) {
    return new AppError(
      503,
      'linkedin_throttled',
      'LinkedIn is limiting requests right now. Please try again later.',
    );
  }
  return new AppError(502, 'linkedin_unavailable', 'LinkedIn could not be reached. Please try again later.');
};

/**
 * Checks the cookie against LinkedIn before keeping it (sealed), so a typo never looks connected.
 * A new cookie replaces the old one and clears any expired or throttled state.
 */
export const storeCookie = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin'>,
  userId: string,
  input: { li_at: string; jsessionid?: string | undefined },
): Promise<TStoreCookieResponse> => {
  const session = deps.linkedin.gateway.openSession({
    liAt: input.li_at,
    ...(input.jsessionid ? { jsessionId: input.jsessionid } : {}),
  });
  let me: Awaited<ReturnType<typeof session.me>>;
  try {
    me = await session.me();
  } catch (error) {
    if (error instanceof LinkedInError) throw refusal(error);
    throw error;
  }
  const { jsessionId } = session.credentials();
  const now = deps.clock.now();
  const row = {
    liAtSealed: deps.vault.seal(input.li_at),
    jsessionIdSealed: jsessionId ? deps.vault.seal(jsessionId) : null,
    profileUrn: me.profileUrn,
    publicIdentifier: me.publicIdentifier,
    memberName: `${me.firstName} ${me.lastName}`.trim(),
    status: 'active' as const,
    statusReason: null,
    backoffUntil: null,
    lastCheckedAt: now,
    updatedAt: now,
  };
  await deps.db
    .insert(linkedinAccounts)
    .values({ userId, ...row, createdAt: now })
    .onConflictDoUpdate({ target: linkedinAccounts.userId, set: row });
  return { message: LINKEDIN_MESSAGES.cookieSaved, name: row.memberName };
};
