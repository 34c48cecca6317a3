import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { contentItems } from '../../../db/schema';

/**
 * Content that keeps its own publishing state (a LinkedIn post's data.status: draft | scheduled |
 * published, shown in the studio) says published once any of its targets is. Content without that field
 * is left as it is: the calendar is where its state shows.
 */
export const markContentPublished = async (deps: AppDeps, contentItemId: number): Promise<void> => {
  await deps.db
    .update(contentItems)
    .set({ data: sql`jsonb_set(${contentItems.data}, '{status}', '"published"')` })
    .where(and(eq(contentItems.id, contentItemId), sql`${contentItems.data} ->> 'status' is not null`));
};
