import { z } from 'zod';
import { comparableText, READ_BACK_CLOCK_SLACK_MS } from '../comparable-text';
import { PublishError, type PublishedPost } from '../types';
import { metaError } from './errors';
import type { GraphTransport } from './graph';
import { findNewestFirst, graphTime } from './newest-first';

/** What goes on a page: text, optionally a link (shown as a preview) or one photo (by URL or bytes). */
export type FacebookPostInput = {
  pageId: string;
  pageToken: string;
  message: string;
  link?: string | null;
  photo?: { url: string } | { bytes: Uint8Array; contentType: string; fileName?: string } | null;
};

/** Facebook's longest post text. */
export const FACEBOOK_MESSAGE_MAX = 63_206;

const ZFeedAnswer = z.object({ id: z.string() });
const ZPhotoAnswer = z.object({ id: z.string(), post_id: z.string().optional() });
const ZPost = z.object({
  id: z.string(),
  message: z.string().optional(),
  created_time: z.string().optional(),
  permalink_url: z.string().optional(),
});

const postUrl = (postId: string, permalink?: string) => permalink ?? `https://www.facebook.com/${postId}`;

const FACEBOOK = { platform: 'facebook' } as const;
const refuseLocally = (reason: string) => metaError('invalid', reason, FACEBOOK);

/**
 * POST /{page-id}/feed (text, link) or /{page-id}/photos (a photo with its caption), as the page.
 * A time-out or a Meta failure after the request left is unknown_outcome: read back before any retry.
 */
export const publishToPage = async (
  graph: GraphTransport,
  input: FacebookPostInput,
): Promise<PublishedPost> => {
  if (input.message.length > FACEBOOK_MESSAGE_MAX) {
    throw refuseLocally(`the text is longer than ${FACEBOOK_MESSAGE_MAX} characters`);
  }
  const path = `/${encodeURIComponent(input.pageId)}`;
  const common = { token: input.pageToken, pageId: input.pageId, publishing: true, ...FACEBOOK } as const;
  if (input.photo) {
    let body: URLSearchParams | FormData;
    if ('url' in input.photo) {
      body = new URLSearchParams({ url: input.photo.url, caption: input.message, published: 'true' });
    } else {
      body = new FormData();
      body.set('caption', input.message);
      body.set('published', 'true');
      body.set(
        'source',
        new Blob([new Uint8Array(input.photo.bytes)], { type: input.photo.contentType }),
        input.photo.fileName ?? 'photo',
      );
    }
    const answer = await graph.call(ZPhotoAnswer, {
      ...common,
      method: 'POST',
      path: `${path}/photos`,
      body,
      what: 'Post the photo on the Facebook page',
    });
    const externalId = answer.post_id ?? answer.id;
    return { externalId, url: postUrl(externalId) };
  }
  if (!input.message.trim() && !input.link) throw refuseLocally('the post has neither text nor a link');
  const body = new URLSearchParams({ message: input.message, published: 'true' });
  if (input.link) body.set('link', input.link);
  const answer = await graph.call(ZFeedAnswer, {
    ...common,
    method: 'POST',
    path: `${path}/feed`,
    body,
    what: 'Post on the Facebook page',
  });
  return { externalId: answer.id, url: postUrl(answer.id) };
};

/** GET /{post-id}: the post as Meta has it now; null when Meta no longer shows it (deleted). */
export const readFacebookPost = async (
  graph: GraphTransport,
  input: { pageId: string; pageToken: string; postId: string },
): Promise<(PublishedPost & { message: string; createdAt: Date | null }) | null> => {
  try {
    const post = await graph.call(ZPost, {
      method: 'GET',
      path: `/${encodeURIComponent(input.postId)}`,
      token: input.pageToken,
      pageId: input.pageId,
      query: { fields: 'id,message,created_time,permalink_url' },
      publishing: false,
      what: 'Read the Facebook post',
      ...FACEBOOK,
    });
    return {
      externalId: post.id,
      url: postUrl(post.id, post.permalink_url),
      message: post.message ?? '',
      createdAt: graphTime(post.created_time),
    };
  } catch (error) {
    if (error instanceof PublishError && error.kind === 'invalid') return null;
    throw error;
  }
};

/**
 * After an unknown outcome: the page's posts (GET /{page-id}/feed, newest first, page after page), looking
 * for one with this text made since the attempt began (less the clocks' slack). Null: Meta has no such
 * post, so publishing again is safe. The text is compared as Meta keeps it: a photo's caption goes as
 * multipart form data, whose encoding turns every line feed into CR LF.
 */
export const findFacebookPost = async (
  graph: GraphTransport,
  input: { pageId: string; pageToken: string; message: string; since: Date },
): Promise<PublishedPost | null> => {
  const wanted = comparableText(input.message);
  const found = await findNewestFirst(
    graph,
    ZPost,
    {
      method: 'GET',
      path: `/${encodeURIComponent(input.pageId)}/feed`,
      token: input.pageToken,
      pageId: input.pageId,
      query: { fields: 'id,message,created_time,permalink_url' },
      publishing: false,
      what: 'Read the Facebook page feed',
      ...FACEBOOK,
    },
    {
      from: input.since.getTime() - READ_BACK_CLOCK_SLACK_MS,
      timeOf: (post) => graphTime(post.created_time),
      matches: (post) => comparableText(post.message ?? '') === wanted,
    },
  );
  return found ? { externalId: found.id, url: postUrl(found.id, found.permalink_url) } : null;
};
