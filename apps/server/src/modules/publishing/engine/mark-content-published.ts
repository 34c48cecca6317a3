import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { type ContentItemRow, contentItems } from '../../../db/schema';

/**
 * Content that keeps its own publishing state (a LinkedIn post's data.status: draft | scheduled |
 * published, shown in the studio) says published once any of its targets is. Content without that field
 * is left as it is: the calendar is where its state shows.
 */
export const markContentPublished = async (
  deps: AppDeps,
  item: Pick<ContentItemRow, 'id' | 'data'>,
): Promise<void> => {
  // Most content has no such field: no statement at all (a minute with 1,000 posts counts them).
  if (item.data.status === undefined || item.data.status === 'published') return;
  const contentItemId = item.id;
  await deps.db
    .update(contentItems)
    .set({ data: sql`jsonb_set(${contentItems.data}, '{status}', '"published"')` })
    .where(and(eq(contentItems.id, contentItemId), sql`${contentItems.data} ->> 'status' is not null`));
};
