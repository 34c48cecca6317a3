import {
  BLOG_MESSAGES,
  INPUT_MESSAGES,
  type TBlogResponse,
  type TSetBlogPictureRequest,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { findOwnInput } from '../inputs/find-input';
import { usableTheme } from '../socials/themes';
import { type BlogData, type BlogPictureChoice, blogDataOf, blogPostOf } from './blog-view';
import { findOwnItem } from './find-blog';

/**
 * Chooses the post's picture: a theme that is not retired, or one of the caller's own uploaded images
 * (another user's image answers 404 like a missing one), or none. Only a ready post takes one.
 */
export const setBlogPicture = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  id: number,
  request: TSetBlogPictureRequest,
): Promise<TBlogResponse> => {
  const row = await findOwnItem(deps.db, userId, id, 'blog');
  if (row.status !== 'ready') throw conflict(BLOG_MESSAGES.notReady);
  let picture: BlogPictureChoice | null = null;
  if (request.source === 'theme') {
    picture = { source: 'theme', themeId: (await usableTheme(deps.db, request.theme_id)).id };
  } else if (request.source === 'input') {
    const input = await findOwnInput(deps.db, userId, request.input_id);
    if (input.kind !== 'image') throw notFound(INPUT_MESSAGES.notAnImageInput);
    picture = { source: 'input', inputId: input.id };
  }
  const next: BlogData = { ...blogDataOf(row), picture };
  const [saved] = await deps.db
    .update(contentItems)
    .set({ data: next, updatedAt: deps.clock.now() })
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.status, 'ready')))
    .returning();
  if (!saved) throw notFound(BLOG_MESSAGES.blogNotFound);
  return { blog: blogPostOf(saved) };
};
