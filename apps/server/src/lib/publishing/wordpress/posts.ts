import { z } from 'zod';
import type { SafeRequestResult } from '../../safe-fetch';
import { PublishError, type PublishedPost } from '../types';
import {
  basicAuth,
  isJson,
  parseBody,
  plainText,
  type WordpressDeps,
  type WordpressSite,
} from './credentials';
import { type WordpressCall, wordpressNoAnswer, wordpressRefusal } from './errors';
import { restUrl } from './site-address';

const send = async (
  site: WordpressSite,
  deps: WordpressDeps,
  route: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> },
  call: WordpressCall,
): Promise<SafeRequestResult> => {
  let answer: SafeRequestResult;
  try {
    answer = await deps.request(restUrl(site.baseUrl, route, site.restStyle), {
      ...init,
      headers: { authorization: basicAuth(site), accept: 'application/json', ...init.headers },
      timeoutMs: deps.timeoutMs,
    });
  } catch (cause) {
    throw wordpressNoAnswer(cause, call);
  }
  if (answer.status < 200 || answer.status > 299) throw wordpressRefusal(answer, call);
  return answer;
};

const readJson = <T>(answer: SafeRequestResult, schema: z.ZodType<T>, call: WordpressCall): T => {
  const parsed = schema.safeParse(isJson(answer.headers) ? parseBody(answer.body) : undefined);
  if (parsed.success) return parsed.data;
  throw new PublishError(
    call.publishing ? 'unknown_outcome' : 'unavailable',
    `${call.what}: the site answered something that is not WordPress's answer${call.publishing ? '; the post may have been published' : ''}.`,
    { platform: 'wordpress', status: answer.status },
  );
};

export type WordpressImage = { bytes: Uint8Array<ArrayBuffer>; contentType: string; fileName: string };

/** Uploads a picture to the media library (nothing public yet, so safe to retry). */
export const uploadWordpressMedia = async (
  site: WordpressSite,
  deps: WordpressDeps,
  image: WordpressImage,
): Promise<{ id: number; sourceUrl: string }> => {
  const call = { publishing: false, what: 'Uploading the picture to WordPress' };
  const fileName = image.fileName.replace(/[^\w.-]+/g, '-').replace(/^-+/, '') || 'picture';
  const answer = await send(
    site,
    deps,
    '/wp/v2/media',
    {
      method: 'POST',
      headers: {
        'content-type': image.contentType,
        'content-disposition': `attachment; filename="${fileName}"`,
      },
      body: image.bytes,
    },
    call,
  );
  const media = readJson(answer, z.object({ id: z.number().int(), source_url: z.string() }), call);
  return { id: media.id, sourceUrl: media.source_url };
};

export type WordpressPostInput = {
  title: string;
  /** HTML. */
  content: string;
  /** Publish now, or let WordPress publish at `publishAt` (status future). */
  publishAt?: Date;
  featuredImage?: WordpressImage;
  /** The post's address on the site; WordPress makes one from the title when absent (or taken). */
  slug?: string;
  /** The summary themes show in lists and search engines may show (the blog's meta description). */
  excerpt?: string;
};

const ZPost = z.object({
  id: z.number().int(),
  link: z.string(),
  status: z.string(),
  date_gmt: z.string().nullable().optional(),
  title: z.object({ raw: z.string().optional(), rendered: z.string().default('') }),
});

/** WordPress's date_gmt: "YYYY-MM-DDTHH:MM:SS" in UTC, without a zone. */
const wpDate = (at: Date) => at.toISOString().slice(0, 19);

/**
 * Publishes a post (with its featured image uploaded first). WordPress has no idempotency key: when
 * this throws `unknown_outcome`, look the post up with findWordpressPost before anything else.
 */
export const publishWordpressPost = async (
  site: WordpressSite,
  deps: WordpressDeps,
  input: WordpressPostInput,
): Promise<PublishedPost & { status: string }> => {
  if (!input.title.trim())
    throw new PublishError('invalid', 'The post has no title.', { platform: 'wordpress' });
  const featured = input.featuredImage ? await uploadWordpressMedia(site, deps, input.featuredImage) : null;
  const call = { publishing: true, what: 'Publishing to WordPress' };
  const answer = await send(
    site,
    deps,
    '/wp/v2/posts',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: input.title,
        content: input.content,
        status: input.publishAt ? 'future' : 'publish',
        ...(input.publishAt ? { date_gmt: wpDate(input.publishAt) } : {}),
        ...(featured ? { featured_media: featured.id } : {}),
        ...(input.slug ? { slug: input.slug } : {}),
        ...(input.excerpt ? { excerpt: input.excerpt } : {}),
      }),
    },
    call,
  );
  const post = readJson(answer, ZPost, call);
  return { externalId: String(post.id), url: post.link, status: post.status };
};

export type WordpressLookup =
  | { status: 'found'; post: { externalId: string; url: string; status: string } }
  | { status: 'not_found' };

/**
 * Finds our post by its title among the site's posts (published or scheduled) dated from `since`
 * on: how a publisher learns whether a post whose answer was lost exists.
 */
export const findWordpressPost = async (
  site: WordpressSite,
  deps: WordpressDeps,
  input: { title: string; since: Date },
): Promise<WordpressLookup> => {
  const call = { publishing: false, what: 'Looking for the WordPress post' };
  const query = new URLSearchParams({
    search: input.title,
    status: 'publish,future',
    context: 'edit',
    per_page: '20',
    // A minute of slack: the site's clock is not ours.
    after: wpDate(new Date(input.since.getTime() - 60_000)),
  });
  const answer = await send(site, deps, `/wp/v2/posts?${query.toString()}`, { method: 'GET' }, call);
  const posts = readJson(answer, z.array(ZPost), call);
  const wanted = input.title.trim();
  const match = posts.find((post) => (post.title.raw ?? plainText(post.title.rendered)).trim() === wanted);
  return match
    ? { status: 'found', post: { externalId: String(match.id), url: match.link, status: match.status } }
    : { status: 'not_found' };
};
