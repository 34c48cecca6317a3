import { BLOGS_PAGE_SIZE, type TBlogsQuery, type TBlogsResponse, ZBlogsQuery } from '@sales-assist/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems, users } from '../../db/schema';
import { blogCardOf } from './blog-view';
import { recoverStalledBlogPosts } from './recover-blog-posts';
import { BLOG_STALL_MS } from './write-blog-post';

/**
 * One page of the user's posts (spec §9: 9 a page, one-based), newest first, read on the
 * (user_id, kind, created_at, id) index. A page that shows a post silent for too long while
 * 'generating' queues its job again (recover-blog-posts.ts).
 */
export const listBlogs = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'content'>,
  userId: string,
  query: TBlogsQuery,
): Promise<TBlogsResponse> => {
  const { page } = ZBlogsQuery.parse(query);
  const mine = and(eq(contentItems.userId, userId), eq(contentItems.kind, 'blog'));
  const [rows, [counted], [owner]] = await Promise.all([
    deps.db
      .select()
      .from(contentItems)
      .where(mine)
      .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
      .limit(BLOGS_PAGE_SIZE)
      .offset((page - 1) * BLOGS_PAGE_SIZE),
    deps.db.select({ total: count() }).from(contentItems).where(mine),
    deps.db.select({ websiteUrl: users.websiteUrl }).from(users).where(eq(users.id, userId)),
  ]);
  const stalledBefore = deps.clock.now().getTime() - BLOG_STALL_MS;
  if (rows.some((row) => row.status === 'generating' && row.updatedAt.getTime() < stalledBefore)) {
    await recoverStalledBlogPosts(deps, userId);
  }
  const total = counted?.total ?? 0;
  return {
    blogs: rows.map(blogCardOf),
    page,
    page_size: BLOGS_PAGE_SIZE,
    total,
    total_pages: Math.max(1, Math.ceil(total / BLOGS_PAGE_SIZE)),
    writer: deps.content.kind,
    has_website: Boolean(owner?.websiteUrl),
  };
};
