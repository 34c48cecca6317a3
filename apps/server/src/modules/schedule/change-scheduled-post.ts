import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type ScheduledPostRow, socialConnections } from '../../db/schema';
import { AppError, conflict } from '../../http/errors';
import { findOwnScheduledPost } from './find-own-scheduled-post';

/** What may still change: not a post with the platform right now, nor one already out. */
export const CHANGEABLE_STATES = [
  'scheduled',
  'failed',
  'held',
] as const satisfies readonly ScheduledPostRow['status'][];

/**
 * Why a conditional change (made only while the row is in an allowed state) touched nothing: not the
 * caller's (404), with the platform now (the engine claimed it first), already published, or another state.
 */
export const refusalOf = async (
  db: DbOrTx,
  userId: string,
  id: number,
  otherwise: () => AppError,
): Promise<AppError> => {
  const { post } = await findOwnScheduledPost(db, userId, id);
  if (post.status === 'publishing') return conflict(SCHEDULE_MESSAGES.publishingNow);
  if (post.status === 'published') return conflict(SCHEDULE_MESSAGES.alreadyPublished);
  return otherwise();
};

/** An account that must be reconnected, or was unlinked (null), would fail its post again: 409 first. */
export const refuseUnusableAccount = async (db: DbOrTx, connectionId: string | null): Promise<void> => {
  const [connection] = connectionId
    ? await db
        .select({ status: socialConnections.status })
        .from(socialConnections)
        .where(eq(socialConnections.id, connectionId))
    : [];
  if (!connection || connection.status === 'reconnect') {
    throw new AppError(409, 'reconnect', SCHEDULE_MESSAGES.reconnectFirst);
  }
};
