import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { sessions } from '../../db/schema';

type Which = { sessionId: string } | { userId: string; except?: string };

/** Revokes sessions; their refresh tokens and access tokens stop working at once. */
export const endSessions = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  which: Which,
  reason: string,
): Promise<void> => {
  const scope =
    'sessionId' in which
      ? eq(sessions.id, which.sessionId)
      : and(eq(sessions.userId, which.userId), which.except ? ne(sessions.id, which.except) : undefined);
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now(), revokedReason: reason })
    .where(and(scope, isNull(sessions.revokedAt)));
};
