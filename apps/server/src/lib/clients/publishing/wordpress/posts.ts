import { z } from 'zod';
import type { SafeRequestResult } from '../../../security/safe-fetch';
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
  /**
   * Our own reference for this post (scheduled_posts.publish_ref), sent inside the content as an HTML
   * comment that WordPress keeps exactly for every role: how findWordpressPost recognises the post.
   */
  publishRef?: string;
};

/**
 * The reference as it travels in the post's content. Starts with a letter, so WordPress's search never
 * reads it as an exclusion ("-word"), and holds no space, so the search keeps it as one term.
 */
export const publishRefMarker = (publishRef: string) => `<!-- sales-assist:publish-ref:${publishRef} -->`;
const publishRefTerm = (publishRef: string) => `sales-assist:publish-ref:${publishRef}`;

/** The content as sent: the reference goes last, on its own line, after the (sanitised) HTML. */
export const contentWithRef = (input: Pick<WordpressPostInput, 'content' | 'publishRef'>) =>
  input.publishRef ? `${input.content}\n${publishRefMarker(input.publishRef)}` : input.content;

const ZPost = z.object({
  id: z.number().int(),
  link: z.string(),
  status: z.string(),
  date_gmt: z.string().nullable().optional(),
  title: z.object({ raw: z.string().optional(), rendered: z.string().default('') }),
  content: z.object({ raw: z.string().optional(), rendered: z.string().default('') }).optional(),
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
        content: contentWithRef(input),
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
 * The words of a title WordPress stores as they are whatever the role: kses may encode "&" or drop a tag,
 * and a word starting with "-" would be read as an exclusion.
 */
const titleSearch = (title: string) =>
  title
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]+$/u.test(word))
    .join(' ');

/** Every state a post of ours can be in (an Author or Editor may list them all with context=edit). */
const ANY_STATUS = 'publish,future,draft,pending,private';

/**
 * Finds our post among the site's posts, whatever its state: how a publisher learns whether a post whose
 * answer was lost exists. With `publishRef` (always, for the engine's posts), by the reference sent in the
 * content: WordPress's search matches it, and the raw content read back (context=edit) must hold it exactly.
 * There is no date window: WordPress compares `after` with the post's date in the site's own time zone.
 * Without a reference (a post sent before references existed), by its title as WordPress stored it (an
 * Author's "&" comes back as "&amp;").
 */
export const findWordpressPost = async (
  site: WordpressSite,
  deps: WordpressDeps,
  input: { publishRef?: string; title: string },
): Promise<WordpressLookup> => {
  const call = { publishing: false, what: 'Looking for the WordPress post' };
  const query = new URLSearchParams({
    search: input.publishRef ? publishRefTerm(input.publishRef) : titleSearch(input.title),
    status: ANY_STATUS,
    context: 'edit',
    per_page: '100',
  });
  const answer = await send(site, deps, `/wp/v2/posts?${query.toString()}`, { method: 'GET' }, call);
  const posts = readJson(answer, z.array(ZPost), call);
  const marker = input.publishRef ? publishRefMarker(input.publishRef) : null;
  const wanted = plainText(input.title);
  const ours = posts.filter((post) =>
    marker
      ? (post.content?.raw ?? '').includes(marker)
      : plainText(post.title.raw ?? post.title.rendered) === wanted,
  );
  // Two copies can only come from before references existed; the oldest is the one to keep.
  const match = ours.sort((a, b) => a.id - b.id)[0];
  return match
    ? { status: 'found', post: { externalId: String(match.id), url: match.link, status: match.status } }
    : { status: 'not_found' };
};
