import { type TBlogResponse, type TUpdateBlogRequest, ZUpdateBlogRequest } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { sanitizeBlogHtml } from './blog-html';
import { type BlogData, blogDataOf } from './blog-view';
import { findReadyBlog, saveReadyBlog } from './ready-blog';

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
  const row = await findReadyBlog(deps.db, userId, id);
  const data = blogDataOf(row);
  const next: BlogData = {
    ...data,
    ...(request.slug === undefined ? {} : { slug: request.slug }),
    ...(request.meta_description === undefined ? {} : { metaDescription: request.meta_description }),
  };
  return saveReadyBlog(deps.db, userId, id, {
    ...(request.title === undefined ? {} : { title: request.title }),
    ...(request.body_html === undefined ? {} : { body: sanitizeBlogHtml(request.body_html) }),
    data: next,
    updatedAt: deps.clock.now(),
  });
};
