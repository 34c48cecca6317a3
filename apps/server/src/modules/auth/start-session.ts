import type { TLoginResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { refreshTokens, sessions, type UserRow } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/security/secrets';
import { creditBalance } from '../credits/credit-balance';

export type ClientMeta = { ip: string; userAgent: string | undefined };
type Deps = Pick<AppDeps, 'db' | 'clock' | 'tokens' | 'config'>;

/** Stores the next refresh token of a session and answers it in clear (only its hash is kept). */
export const addRefreshToken = async (
  deps: Deps,
  db: DbOrTx,
  sessionId: string,
  generation: number,
): Promise<string> => {
  const token = randomToken();
  const now = deps.clock.now();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(token),
    generation,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  return token;
};

/** A new sign-in: one session (refresh-token family), its first refresh token and an access token. */
export const startSession = async (
  deps: Deps,
  user: UserRow,
  meta: ClientMeta,
): Promise<{ accessToken: string; refreshToken: string }> => {
  const refreshToken = await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        ipAddress: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500),
        createdAt: deps.clock.now(),
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return { sessionId: session.id, token: await addRefreshToken(deps, tx, session.id, 1) };
  });
  const accessToken = await deps.tokens.issue(
    { userId: user.id, sessionId: refreshToken.sessionId },
    deps.clock.now(),
  );
  return { accessToken, refreshToken: refreshToken.token };
};

/** Spec §3 login response. */
export const loginFields = async (
  deps: Deps,
  user: UserRow,
  tokens: { accessToken: string; refreshToken: string },
): Promise<TLoginResponse> => ({
  is_admin: user.isAdmin,
  is_active: [user.isActive],
  website_check: user.websiteCheck,
  access_token: tokens.accessToken,
  refresh_token: tokens.refreshToken,
  website_url: user.websiteUrl,
  subscription_type: user.subscriptionType,
  credits: await creditBalance(deps.db, user.id),
  website_name: user.websiteName,
});

export const signIn = async (deps: Deps, user: UserRow, meta: ClientMeta): Promise<TLoginResponse> =>
  loginFields(deps, user, await startSession(deps, user, meta));
