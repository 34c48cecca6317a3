import { SCHEDULE_MESSAGES } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { contentItems, scheduledPosts } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type ScheduleRow, scheduleColumns } from './schedule-view';

/** The condition "this is the caller's scheduled post", for reads, updates and deletes alike. */
export const ownScheduledPost = (userId: string, id: number) =>
  and(eq(scheduledPosts.id, id), eq(scheduledPosts.userId, userId));

/** One of the caller's calendar items with its content; anyone else's (or none) is a 404. */
export const findOwnScheduledPost = async (db: DbOrTx, userId: string, id: number): Promise<ScheduleRow> => {
  const [row] = await db
    .select(scheduleColumns)
    .from(scheduledPosts)
    .innerJoin(contentItems, eq(contentItems.id, scheduledPosts.contentItemId))
    .where(ownScheduledPost(userId, id));
  if (!row) throw notFound(SCHEDULE_MESSAGES.notFound);
  return row;
};
