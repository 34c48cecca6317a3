import type { TBlogTopicsResponse } from '@sales-assist/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { blogTopicOf } from './blog-view';

/** The newest suggestions shown to pick from: more than a Premium month's 24. */
export const TOPICS_SHOWN = 30;

/** The user's latest topic suggestions, newest first, on the (user_id, kind, created_at) index. */
export const listBlogTopics = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TBlogTopicsResponse> => {
  const rows = await deps.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.userId, userId), eq(contentItems.kind, 'blog_topic')))
    .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
    .limit(TOPICS_SHOWN);
  return { topics: rows.map(blogTopicOf) };
};
