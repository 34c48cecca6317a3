import { SOCIALS_PAGE_SIZE, type TSocialPostsResponse } from '@sales-assist/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { NEWEST_FIRST } from '../content/newest-first';
import { recoverStalledSocialImages } from './recover-social-posts';
import { socialDataOf } from './social-data';
import { socialPostView } from './social-view';
import { themeNamesOf } from './themes';

/** Written posts only: a generation being written shows once it is ready. */
const isPost = (userId: string) =>
  and(
    eq(contentItems.userId, userId),
    eq(contentItems.kind, 'social_post'),
    ne(contentItems.status, 'generating'),
  );

/** A page of 10 social posts (spec §9), newest first, on the user, kind, created_at index. */
export const listSocialPosts = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'content' | 'imageModel'>,
  userId: string,
  query: { page: number },
): Promise<TSocialPostsResponse> => {
  const rows = await deps.db
    .select({ item: contentItems, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contentItems)
    .where(isPost(userId))
    .orderBy(...NEWEST_FIRST)
    .limit(SOCIALS_PAGE_SIZE)
    .offset((query.page - 1) * SOCIALS_PAGE_SIZE);
  const total =
    rows[0]?.total ??
    (await deps.db.select({ total: count() }).from(contentItems).where(isPost(userId)))[0]?.total ??
    0;
  const items = rows.map(({ item }) => item);
  await recoverStalledSocialImages(deps, items);
  const names = await themeNamesOf(
    deps.db,
    items.map((item) => socialDataOf(item).themeId),
  );
  return {
    items: items.map((item) => socialPostView(item, names)),
    total,
    page: query.page,
    limit: SOCIALS_PAGE_SIZE,
    writer: deps.content.kind,
    image_model: deps.imageModel !== null,
  };
};
