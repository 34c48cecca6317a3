import type { TRefreshResponse } from '@sales-assist/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { refreshTokens, sessions } from '../../db/schema';
import { tokenError } from '../../http/authenticate';
import { TokenError } from '../../lib/security/access-tokens';
import { sha256 } from '../../lib/security/secrets';
import { endSessions } from './end-sessions';
import { addRefreshToken } from './start-session';

/**
 * Rotates the refresh token. Each token works once: presenting a used one means it was copied,
 * so the whole family (session) is revoked and every holder must sign in again.
 */
export const refreshSession = async (deps: AppDeps, presented: string | null): Promise<TRefreshResponse> => {
  if (!presented) throw tokenError(new TokenError('invalid_token'));
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (!row) throw tokenError(new TokenError('invalid_token'));
  if (row.session.revokedAt) throw tokenError(new TokenError('token_revoked'));
  if (row.token.usedAt) {
    await endSessions(deps, { sessionId: row.session.id }, 'refresh token reused');
    throw tokenError(new TokenError('token_revoked'));
  }
  if (row.token.expiresAt.getTime() <= now.getTime()) throw tokenError(new TokenError('token_expired'));

  const next = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    // Lost a race with another use of the same token: that is reuse too.
    if (!claimed) return null;
    return addRefreshToken(deps, tx, row.session.id, row.token.generation + 1);
  });
  if (!next) {
    await endSessions(deps, { sessionId: row.session.id }, 'refresh token reused');
    throw tokenError(new TokenError('token_revoked'));
  }
  return {
    access_token: await deps.tokens.issue({ userId: row.session.userId, sessionId: row.session.id }, now),
    refresh_token: next,
  };
};
