import {
  BLOG_MESSAGES,
  type TBlogResponse,
  type TUpdateBlogRequest,
  ZUpdateBlogRequest,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { sanitizeBlogHtml } from './blog-html';
import { type BlogData, blogDataOf, blogPostOf } from './blog-view';
import { findOwnItem } from './find-blog';

/**
 * Saves the editor's fields. The body is sanitised here, whatever the client sent, so a stored post
 * never carries a script or an event handler. Only a ready post can be edited (a generating one is
 * the job's, a failed one has nothing to edit).
 */
export const updateBlog = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  id: number,
  input: TUpdateBlogRequest,
): Promise<TBlogResponse> => {
  const request = ZUpdateBlogRequest.parse(input);
  const row = await findOwnItem(deps.db, userId, id, 'blog');
  if (row.status !== 'ready') throw conflict(BLOG_MESSAGES.notReady);
  const data = blogDataOf(row);
  const next: BlogData = {
    ...data,
    ...(request.slug === undefined ? {} : { slug: request.slug }),
    ...(request.meta_description === undefined ? {} : { metaDescription: request.meta_description }),
  };
  const [saved] = await deps.db
    .update(contentItems)
    .set({
      ...(request.title === undefined ? {} : { title: request.title }),
      ...(request.body_html === undefined ? {} : { body: sanitizeBlogHtml(request.body_html) }),
      data: next,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(contentItems.id, id), eq(contentItems.userId, userId), eq(contentItems.status, 'ready')))
    .returning();
  if (!saved) throw notFound(BLOG_MESSAGES.blogNotFound);
  return { blog: blogPostOf(saved) };
};
