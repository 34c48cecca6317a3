import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../../app-deps';
import type { ContentItemRow } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import {
  findWordpressPost,
  publishWordpressPost,
  type WordpressPostInput,
  type WordpressSite,
} from '../../../lib/clients/publishing/wordpress';
import { sanitizeBlogHtml } from '../../blogs/blog-html';
import { readBlogPicture } from '../../blogs/blog-picture';
import { blogDataOf } from '../../blogs/blog-view';
import type { Publisher, PublishPiece } from '../publisher';
import { checkTarget, publishableBody, refused } from './content-checks';

/**
 * What the site receives for a blog post: its title, the sanitised HTML the studio shows, its slug and
 * meta description (as the excerpt) when it has them, and the scheduled post's own reference
 * (publish_ref), which the client sends inside the content so lookFor can recognise the post whatever
 * WordPress did to its title or dates. Published at once (status publish): the engine calls at the
 * scheduled minute, so WordPress's own scheduling is not used.
 */
export const wordpressPayloadOf = (item: ContentItemRow): WordpressPostInput => {
  // Saved sanitised already; sanitised again so no path that wrote the row can put a script on the site.
  const content = sanitizeBlogHtml(publishableBody(item, 'wordpress', { kinds: ['blog'] }));
  if (!content) throw refused('wordpress', 'The blog post has no text to publish.');
  const title = item.title.trim();
  if (!title) throw refused('wordpress', 'The blog post has no title.');
  const { slug, metaDescription } = blogDataOf(item);
  return {
    title,
    content,
    ...(slug?.trim() ? { slug: slug.trim() } : {}),
    ...(metaDescription?.trim() ? { excerpt: metaDescription.trim() } : {}),
  };
};

/** The connected site as the client needs it; a connection saved without its address cannot be used. */
const siteOf = (piece: PublishPiece): WordpressSite => {
  const { baseUrl, username, restStyle } = piece.connection.meta;
  if (!baseUrl || !username)
    throw refused('wordpress', 'The WordPress connection lacks its address; connect the site again.');
  return {
    baseUrl,
    username,
    applicationPassword: piece.token,
    ...(restStyle ? { restStyle } : {}),
  };
};

/**
 * The post's picture as WordPress's featured image, read at publish time (a theme's picture follows the
 * post as it is now). A picture chosen but gone since (its image deleted, its theme removed) is the
 * content's problem, said plainly rather than publishing without it.
 */
const featuredImageOf = async (
  deps: AppDeps,
  item: ContentItemRow,
): Promise<WordpressPostInput['featuredImage']> => {
  if (!blogDataOf(item).picture) return undefined;
  try {
    const file = await readBlogPicture(deps, item);
    return {
      bytes: new Uint8Array(await buffer(file.body)),
      contentType: file.contentType,
      fileName: file.fileName,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw refused(
        'wordpress',
        'The post’s picture is no longer available: choose another one or remove it.',
      );
    throw error;
  }
};

const publish = async (deps: AppDeps, piece: PublishPiece) => {
  checkTarget(piece, 'wordpress');
  const payload = wordpressPayloadOf(piece.item);
  const featuredImage = await featuredImageOf(deps, piece.item);
  const posted = await publishWordpressPost(siteOf(piece), deps.publishing.wordpress, {
    ...payload,
    ...(featuredImage ? { featuredImage } : {}),
    publishRef: piece.post.publishRef,
  });
  return { externalId: posted.externalId, url: posted.url };
};

/** By the post's reference, never by a date window (see findWordpressPost): `since` is not needed. */
const lookFor: Publisher['lookFor'] = async (deps, piece) => {
  checkTarget(piece, 'wordpress');
  const payload = wordpressPayloadOf(piece.item);
  const lookup = await findWordpressPost(siteOf(piece), deps.publishing.wordpress, {
    publishRef: piece.post.publishRef,
    title: payload.title,
  });
  return lookup.status === 'found'
    ? { found: { externalId: lookup.post.externalId, url: lookup.post.url } }
    : { notFound: true };
};

/** A blog post to the connected WordPress site. */
export const wordpressPublisher: Publisher = { publish, lookFor };
