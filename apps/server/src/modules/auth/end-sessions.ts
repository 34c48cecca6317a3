import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { sessions } from '../../db/schema';

type Which = { sessionId: string } | { userId: string; except?: string };

/**
 * Revokes sessions; their refresh tokens and access tokens stop working at once. The database tells
 * every process's caller cache at commit; this process's is told here as well, so the very next request
 * (maybe racing that notification on PostgreSQL) reads the session again.
 */
export const endSessions = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'callers'>,
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
  if ('sessionId' in which) deps.callers.forgetSession(which.sessionId);
  else deps.callers.forgetUser(which.userId);
};
