import { INPUT_MESSAGES, type TBlogResponse, type TSetBlogPictureRequest } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { findOwnInput } from '../inputs/find-input';
import { usableTheme } from '../socials/themes';
import { type BlogData, type BlogPictureChoice, blogDataOf } from './blog-view';
import { findReadyBlog, saveReadyBlog } from './ready-blog';

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
  const row = await findReadyBlog(deps.db, userId, id);
  let picture: BlogPictureChoice | null = null;
  if (request.source === 'theme') {
    picture = { source: 'theme', themeId: (await usableTheme(deps.db, request.theme_id)).id };
  } else if (request.source === 'input') {
    const input = await findOwnInput(deps.db, userId, request.input_id);
    if (input.kind !== 'image') throw notFound(INPUT_MESSAGES.notAnImageInput);
    picture = { source: 'input', inputId: input.id };
  }
  const next: BlogData = { ...blogDataOf(row), picture };
  return saveReadyBlog(deps.db, userId, id, { data: next, updatedAt: deps.clock.now() });
};
