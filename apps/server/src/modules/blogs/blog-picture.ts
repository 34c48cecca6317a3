import type { Readable } from 'node:stream';
import {
  BLOG_MESSAGES,
  INFOGRAPHIC_HEADLINE_MAX,
  INFOGRAPHIC_POINT_MAX,
  INFOGRAPHIC_POINTS_MAX,
  type TInfographicContentInput,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import type { ContentItemRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { shortenText } from '../../lib/writers/message-writer/shorten-text';
import { renderThemePicture } from '../infographics/render-theme-picture';
import { readInputFile } from '../inputs/read-input-file';
import { sectionsOfBody } from './blog-html';
import { blogDataOf } from './blog-view';

export type BlogPictureFile = { body: Readable; size: number; contentType: string; fileName: string };

/**
 * What a theme draws for a post: its title, and its section headings as the points. Words of the post
 * only, never a figure (a heading's number would be drawn without what it counts).
 */
export const blogPictureContentOf = (
  row: Pick<ContentItemRow, 'title' | 'body'>,
): TInfographicContentInput => ({
  headline: shortenText(row.title, INFOGRAPHIC_HEADLINE_MAX) || row.title.slice(0, INFOGRAPHIC_HEADLINE_MAX),
  points: sectionsOfBody(row.body)
    .map((section) => shortenText(section.heading, INFOGRAPHIC_POINT_MAX))
    .filter(Boolean)
    .slice(0, INFOGRAPHIC_POINTS_MAX),
  stat: null,
});

/**
 * The post's picture as a file, for its owner and for publishing: the user's image as uploaded, or the
 * theme's infographic of the post as it is now (drawn once per version of the post, then cached). 404
 * when the post has none, or its image was deleted since.
 */
export const readBlogPicture = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  row: ContentItemRow,
): Promise<BlogPictureFile> => {
  const picture = blogDataOf(row).picture;
  if (!picture) throw notFound(BLOG_MESSAGES.pictureNotFound);
  if (picture.source === 'input') {
    const file = await readInputFile(deps, row.userId, picture.inputId, 'image');
    return file;
  }
  const drawn = await renderThemePicture(deps, {
    themeId: picture.themeId,
    content: blogPictureContentOf(row),
    ensureStored: true,
    forUser: row.userId,
  });
  const file = await deps.storage.get(drawn.storageKey);
  if (!file) throw notFound(BLOG_MESSAGES.pictureNotFound);
  return { ...file, contentType: drawn.mime, fileName: `blog-post-${row.id}.png` };
};
