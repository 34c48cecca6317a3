import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledPosts } from '../../db/schema';

/**
 * Posts still meant for an account: waiting for their time, or failed or held and waiting for the user's
 * retry. Unlinking the account leaves every one of them unpublished (the row loses its account), so the
 * unlink dialog says how many first.
 */
export const countWaitingPosts = async (deps: Pick<AppDeps, 'db'>, connectionId: string): Promise<number> => {
  const [row] = await deps.db
    .select({ waiting: count() })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.connectionId, connectionId),
        inArray(scheduledPosts.status, ['scheduled', 'failed', 'held']),
      ),
    );
  return row?.waiting ?? 0;
};
