import { z } from 'zod';
import { comparableText, READ_BACK_CLOCK_SLACK_MS } from '../comparable-text';
import { PublishError, type PublishedPost } from '../types';
import { apiUrl, type LinkedInClientConfig, oauthUrl } from './config';
import { linkedInFetch, parseJson } from './http';
import { escapeLittleText, LINKEDIN_COMMENTARY_MAX, plainOfLittleText } from './little-text';
import { personUrn } from './oauth';

export type LinkedInImageInput = { bytes: Uint8Array<ArrayBuffer>; contentType: string; altText?: string };

export type LinkedInPostInput = {
  accessToken: string;
  /** The member's `sub` from userinfo. */
  memberSub: string;
  /** Plain text as the user wrote it; escaped here. */
  text: string;
  image?: LinkedInImageInput;
};

const restHeaders = (config: LinkedInClientConfig, accessToken: string): Record<string, string> => ({
  authorization: `Bearer ${accessToken}`,
  'linkedin-version': config.apiVersion,
  'x-restli-protocol-version': '2.0.0',
  accept: 'application/json',
});

/** Where people see a post: https://www.linkedin.com/feed/update/{urn}/ */
export const linkedInPostUrl = (config: LinkedInClientConfig, urn: string) =>
  oauthUrl(config, `/feed/update/${encodeURIComponent(urn)}/`);

const isLinkedInAddress = (config: LinkedInClientConfig, address: string): boolean => {
  const url = URL.parse(address);
  if (!url) return false;
  const known = [config.apiBaseUrl, config.oauthBaseUrl].map((base) => URL.parse(base)?.origin);
  return (
    known.includes(url.origin) || (url.protocol === 'https:' && /(^|\.)linkedin\.com$/.test(url.hostname))
  );
};

const ZInitializeUpload = z.object({
  value: z.object({ uploadUrl: z.string().url(), image: z.string().startsWith('urn:li:image:') }),
});

/**
 * Uploads a picture for a post: LinkedIn hands out an upload URL and the image URN, then takes the
 * bytes in one PUT. Nothing is public yet, so every failure here is safe to retry.
 */
export const uploadLinkedInImage = async (
  config: LinkedInClientConfig,
  input: { accessToken: string; memberSub: string; image: LinkedInImageInput },
): Promise<string> => {
  const call = { publishing: false, what: 'Uploading the picture to LinkedIn', timeoutMs: config.timeoutMs };
  const init = await linkedInFetch(
    apiUrl(config, '/rest/images?action=initializeUpload'),
    {
      method: 'POST',
      headers: { ...restHeaders(config, input.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ initializeUploadRequest: { owner: personUrn(input.memberSub) } }),
    },
    call,
  );
  const parsed = ZInitializeUpload.safeParse(parseJson(init.text));
  if (!parsed.success)
    throw new PublishError('unavailable', 'LinkedIn did not give a place to upload the picture.', {
      platform: 'linkedin',
    });
  // The upload carries the member's token: only to LinkedIn itself (or the configured stand-in).
  if (!isLinkedInAddress(config, parsed.data.value.uploadUrl))
    throw new PublishError('unavailable', 'LinkedIn gave an upload address that is not LinkedIn’s.', {
      platform: 'linkedin',
    });
  await linkedInFetch(
    parsed.data.value.uploadUrl,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${input.accessToken}`, 'content-type': input.image.contentType },
      body: input.image.bytes,
    },
    call,
  );
  return parsed.data.value.image;
};

/**
 * Publishes a member post (text, optionally one picture) through the Posts API. LinkedIn has no
 * idempotency key: when this throws `unknown_outcome`, look the post up with findLinkedInPost before
 * anything else. The post's URN comes in the x-restli-id header of the 201.
 */
export const publishLinkedInPost = async (
  config: LinkedInClientConfig,
  input: LinkedInPostInput,
): Promise<PublishedPost & { commentary: string }> => {
  const commentary = escapeLittleText(input.text);
  if (commentary.trim() === '')
    throw new PublishError('invalid', 'The post has no text.', { platform: 'linkedin' });
  if (commentary.length > LINKEDIN_COMMENTARY_MAX)
    throw new PublishError(
      'invalid',
      `The post is ${commentary.length} characters long once prepared for LinkedIn; LinkedIn takes at most ${LINKEDIN_COMMENTARY_MAX}.`,
      { platform: 'linkedin' },
    );
  const imageUrn = input.image
    ? await uploadLinkedInImage(config, {
        accessToken: input.accessToken,
        memberSub: input.memberSub,
        image: input.image,
      })
    : null;
  const body = {
    author: personUrn(input.memberSub),
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...(imageUrn
      ? {
          content: {
            media: {
              id: imageUrn,
              ...(input.image?.altText ? { altText: input.image.altText.slice(0, 4086) } : {}),
            },
          },
        }
      : {}),
  };
  const answer = await linkedInFetch(
    apiUrl(config, '/rest/posts'),
    {
      method: 'POST',
      headers: { ...restHeaders(config, input.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { publishing: true, what: 'Posting to LinkedIn', timeoutMs: config.timeoutMs },
  );
  const urn = answer.headers.get('x-restli-id') ?? answer.headers.get('x-linkedin-id');
  if (!urn)
    throw new PublishError(
      'unknown_outcome',
      'LinkedIn accepted the post without saying which post it made.',
      {
        platform: 'linkedin',
        status: answer.status,
      },
    );
  return { externalId: urn, url: linkedInPostUrl(config, urn), commentary };
};

const ZPost = z.object({
  id: z.string(),
  author: z.string(),
  commentary: z.string().default(''),
  lifecycleState: z.string().optional(),
  createdAt: z.number().optional(),
  publishedAt: z.number().optional(),
});
export type LinkedInPostRead = { urn: string; commentary: string; createdAt: Date | null; url: string };

/**
 * What reading back tells: the post is there, it is not, or LinkedIn does not let this app read
 * member posts (that needs r_member_social, which LinkedIn grants few apps) — then a person decides.
 */
export type LinkedInLookup =
  | { status: 'found'; post: LinkedInPostRead }
  | { status: 'not_found' }
  | { status: 'cannot_check'; reason: string };

const toRead = (config: LinkedInClientConfig, post: z.infer<typeof ZPost>): LinkedInPostRead => ({
  urn: post.id,
  commentary: post.commentary,
  createdAt: post.createdAt === undefined ? null : new Date(post.createdAt),
  url: linkedInPostUrl(config, post.id),
});

const cannotCheck = (error: unknown): LinkedInLookup => {
  if (error instanceof PublishError && error.status === 403)
    return { status: 'cannot_check', reason: 'LinkedIn does not let this app read the member’s posts back.' };
  throw error;
};

/** Reads one post by its URN. */
export const readLinkedInPost = async (
  config: LinkedInClientConfig,
  input: { accessToken: string; urn: string },
): Promise<LinkedInLookup> => {
  try {
    const answer = await linkedInFetch(
      apiUrl(config, `/rest/posts/${encodeURIComponent(input.urn)}`),
      { method: 'GET', headers: restHeaders(config, input.accessToken) },
      { publishing: false, what: 'Reading the LinkedIn post', timeoutMs: config.timeoutMs, accept: [404] },
    );
    if (answer.status === 404) return { status: 'not_found' };
    const parsed = ZPost.safeParse(parseJson(answer.text));
    if (!parsed.success)
      return { status: 'cannot_check', reason: 'LinkedIn answered the read-back in an unknown shape.' };
    return { status: 'found', post: toRead(config, parsed.data) };
  } catch (error) {
    return cannotCheck(error);
  }
};

/** Posts read per page of the author finder, and how far back a read-back pages at most. */
const FINDER_PAGE = 50;
const FINDER_MAX_POSTS = 1_000;

/**
 * Finds the member's post with this text made since `since` (less the clocks' slack): how a publisher
 * learns whether a post whose answer was lost exists. LinkedIn answers the text as it stores it (little
 * text, hashtags rewritten as templates), so both sides are compared as plain text. The finder is read
 * newest first, page after page, until the posts are older than that (or FINDER_MAX_POSTS back), so a
 * member who posted much since is still searched far enough.
 */
export const findLinkedInPost = async (
  config: LinkedInClientConfig,
  input: { accessToken: string; memberSub: string; text: string; since: Date },
): Promise<LinkedInLookup> => {
  const wanted = comparableText(input.text);
  const from = input.since.getTime() - READ_BACK_CLOCK_SLACK_MS;
  try {
    for (let start = 0; start < FINDER_MAX_POSTS; start += FINDER_PAGE) {
      const query = new URLSearchParams({
        q: 'author',
        author: personUrn(input.memberSub),
        count: String(FINDER_PAGE),
        start: String(start),
        sortBy: 'CREATED',
      });
      const answer = await linkedInFetch(
        apiUrl(config, `/rest/posts?${query.toString()}`),
        { method: 'GET', headers: restHeaders(config, input.accessToken) },
        { publishing: false, what: 'Looking for the LinkedIn post', timeoutMs: config.timeoutMs },
      );
      const parsed = z.object({ elements: z.array(ZPost) }).safeParse(parseJson(answer.text));
      if (!parsed.success)
        return { status: 'cannot_check', reason: 'LinkedIn answered the search in an unknown shape.' };
      const posts = parsed.data.elements;
      const match = posts.find(
        (post) =>
          comparableText(plainOfLittleText(post.commentary)) === wanted &&
          (post.createdAt === undefined || post.createdAt >= from),
      );
      if (match) return { status: 'found', post: toRead(config, match) };
      const oldest = posts.at(-1)?.createdAt;
      if (posts.length < FINDER_PAGE || (oldest !== undefined && oldest < from)) break;
    }
    return { status: 'not_found' };
  } catch (error) {
    return cannotCheck(error);
  }
};
