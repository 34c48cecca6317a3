import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { queueBlogPost } from './start-blog-post';
import { BLOG_STALL_MS } from './write-blog-post';

/**
 * Posts left 'generating' with no beat for BLOG_STALL_MS: their job died with its process (a restart,
 * a crash) or was lost. Queues each again; the new job takes the post over (write-blog-post.ts claims
 * a silent post) and writes it from the start. Runs when a worker starts and when a user's page of
 * posts shows one, so a restart is noticed within a minute and a half of it, not at the queue's expiry.
 */
export const recoverStalledBlogPosts = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId?: string,
): Promise<number[]> => {
  const stalledBefore = new Date(deps.clock.now().getTime() - BLOG_STALL_MS);
  const rows = await deps.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        ...(userId ? [eq(contentItems.userId, userId)] : []),
        eq(contentItems.kind, 'blog'),
        eq(contentItems.status, 'generating'),
        lt(contentItems.updatedAt, stalledBefore),
      ),
    )
    .limit(100);
  for (const row of rows) await queueBlogPost(deps.jobs, row.id);
  return rows.map((row) => row.id);
};
