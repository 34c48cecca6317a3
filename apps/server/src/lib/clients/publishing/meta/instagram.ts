import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { comparableText, READ_BACK_CLOCK_SLACK_MS } from '../comparable-text';
import { PublishError, type PublishedPost } from '../types';
import { metaError } from './errors';
import type { GraphTransport } from './graph';
import { findNewestFirst, graphTime } from './newest-first';

export type InstagramPostInput = {
  igUserId: string;
  /** The token of the Facebook page the Instagram account is linked to. */
  pageToken: string;
  /** The page, whose business use case usage covers these calls. */
  pageId?: string;
  /** Instagram fetches the picture itself ("we cURL media"): a URL it can reach from the internet. */
  imageUrl: string;
  caption: string;
  altText?: string;
};

export type ContainerPolling = {
  /** The first wait before asking whether the picture is processed. */
  firstDelayMs: number;
  /** Each wait is 1.5 times the last, up to this. */
  maxDelayMs: number;
  /** Give up (nothing published) when the container is not FINISHED by then. */
  limitMs: number;
};
export const DEFAULT_CONTAINER_POLLING: ContainerPolling = {
  firstDelayMs: 1_000,
  maxDelayMs: 10_000,
  limitMs: 120_000,
};

export type InstagramQuota = { used: number; total: number; windowSeconds: number };

export const INSTAGRAM_CAPTION_MAX = 2_200;
export const INSTAGRAM_HASHTAGS_MAX = 30;

const INSTAGRAM = { platform: 'instagram' } as const;
const ZId = z.object({ id: z.string() });
const ZContainer = z.object({
  id: z.string().optional(),
  status_code: z.string(),
  status: z.string().optional(),
});
const ZMedia = z.object({
  id: z.string(),
  caption: z.string().optional(),
  permalink: z.string().optional(),
  timestamp: z.string().optional(),
});
const ZLimit = z.object({
  data: z.array(
    z.object({
      quota_usage: z.coerce.number().int().min(0),
      config: z
        .object({ quota_total: z.coerce.number().int().min(0), quota_duration: z.coerce.number().int() })
        .optional(),
    }),
  ),
});

/** Where people see a post; Instagram's home when the permalink could not be read right after publishing. */
const mediaUrl = (permalink?: string) => permalink ?? 'https://www.instagram.com/';

/**
 * The three steps of an Instagram post: POST /{ig-user-id}/media (a container Instagram fills by
 * fetching the picture), GET /{container}?fields=status_code until FINISHED (waits growing 1.5×, up to a
 * time limit), then POST /{ig-user-id}/media_publish. Only the last step can publish, so only it can end
 * in unknown_outcome; a container that fails, expires or is still processing at the limit publishes
 * nothing and may simply be tried again.
 */
export const publishToInstagram = async (
  graph: GraphTransport,
  input: InstagramPostInput,
  polling: ContainerPolling = DEFAULT_CONTAINER_POLLING,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<PublishedPost> => {
  if (input.caption.length > INSTAGRAM_CAPTION_MAX) {
    throw metaError('invalid', `The caption is longer than ${INSTAGRAM_CAPTION_MAX} characters`, INSTAGRAM);
  }
  if ((input.caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > INSTAGRAM_HASHTAGS_MAX) {
    throw metaError('invalid', `The caption has more than ${INSTAGRAM_HASHTAGS_MAX} hashtags`, INSTAGRAM);
  }
  const account = `/${encodeURIComponent(input.igUserId)}`;
  const common = { token: input.pageToken, pageId: input.pageId, ...INSTAGRAM };
  const body = new URLSearchParams({ image_url: input.imageUrl, caption: input.caption });
  if (input.altText) body.set('alt_text', input.altText);
  const container = await graph.call(ZId, {
    ...common,
    method: 'POST',
    path: `${account}/media`,
    body,
    publishing: false,
    what: 'Create the Instagram media container',
  });

  await waitUntilFinished(graph, container.id, common, polling, wait);

  const published = await graph.call(ZId, {
    ...common,
    method: 'POST',
    path: `${account}/media_publish`,
    body: new URLSearchParams({ creation_id: container.id }),
    publishing: true,
    what: 'Publish the Instagram media',
  });
  // The permalink is only a nicety: the post is out, whatever this read answers.
  const read = await readInstagramMedia(graph, { ...input, mediaId: published.id }).catch(() => null);
  return { externalId: published.id, url: read?.url ?? mediaUrl() };
};

const waitUntilFinished = async (
  graph: GraphTransport,
  containerId: string,
  common: { token: string; pageId?: string; platform: 'instagram' },
  polling: ContainerPolling,
  wait: (ms: number) => Promise<unknown>,
) => {
  const started = Date.now();
  let delay = polling.firstDelayMs;
  for (;;) {
    const elapsed = Date.now() - started;
    if (elapsed >= polling.limitMs) {
      throw metaError(
        'unavailable',
        `Instagram was still processing the picture after ${Math.round(polling.limitMs / 1000)} s; nothing was published`,
        INSTAGRAM,
      );
    }
    await wait(Math.min(delay, polling.limitMs - elapsed));
    delay = Math.min(polling.maxDelayMs, Math.round(delay * 1.5));
    const state = await graph.call(ZContainer, {
      ...common,
      method: 'GET',
      path: `/${encodeURIComponent(containerId)}`,
      query: { fields: 'status_code,status' },
      publishing: false,
      what: 'Read the Instagram container status',
    });
    switch (state.status_code) {
      case 'FINISHED':
        return;
      case 'IN_PROGRESS':
        continue;
      case 'ERROR':
        throw metaError('invalid', state.status || 'Instagram could not process the picture', INSTAGRAM);
      case 'EXPIRED':
        throw metaError('unavailable', 'The Instagram container expired before it was published', INSTAGRAM);
      case 'PUBLISHED':
        // Only media_publish publishes a container, and it has not been called for this one yet.
        throw metaError('invalid', 'The Instagram container was already published', INSTAGRAM);
      default:
        throw metaError(
          'unavailable',
          `Instagram answered an unknown status (${state.status_code})`,
          INSTAGRAM,
        );
    }
  }
};

/** GET /{ig-user-id}/content_publishing_limit: how many posts the rolling 24 hours still allow. */
export const readInstagramQuota = async (
  graph: GraphTransport,
  input: { igUserId: string; pageToken: string; pageId?: string },
): Promise<InstagramQuota> => {
  const answer = await graph.call(ZLimit, {
    method: 'GET',
    path: `/${encodeURIComponent(input.igUserId)}/content_publishing_limit`,
    token: input.pageToken,
    pageId: input.pageId,
    query: { fields: 'quota_usage,config' },
    publishing: false,
    what: 'Read the Instagram publishing limit',
    ...INSTAGRAM,
  });
  const first = answer.data[0];
  if (!first) throw metaError('unavailable', 'Instagram did not say its publishing limit', INSTAGRAM);
  return {
    used: first.quota_usage,
    total: first.config?.quota_total ?? 100,
    windowSeconds: first.config?.quota_duration ?? 86_400,
  };
};

/** GET /{ig-media-id}: the post as Instagram has it; null when it no longer exists. */
export const readInstagramMedia = async (
  graph: GraphTransport,
  input: { mediaId: string; pageToken: string; pageId?: string },
): Promise<(PublishedPost & { caption: string; publishedAt: Date | null }) | null> => {
  try {
    const media = await graph.call(ZMedia, {
      method: 'GET',
      path: `/${encodeURIComponent(input.mediaId)}`,
      token: input.pageToken,
      pageId: input.pageId,
      query: { fields: 'id,caption,permalink,timestamp' },
      publishing: false,
      what: 'Read the Instagram media',
      ...INSTAGRAM,
    });
    return {
      externalId: media.id,
      url: mediaUrl(media.permalink),
      caption: media.caption ?? '',
      publishedAt: graphTime(media.timestamp),
    };
  } catch (error) {
    if (error instanceof PublishError && error.kind === 'invalid') return null;
    throw error;
  }
};

/**
 * After an unknown outcome: the account's media (GET /{ig-user-id}/media, newest first, page after page),
 * looking for this caption published since the attempt began (less the clocks' slack). Null: Instagram
 * has no such post.
 */
export const findInstagramMedia = async (
  graph: GraphTransport,
  input: { igUserId: string; pageToken: string; pageId?: string; caption: string; since: Date },
): Promise<PublishedPost | null> => {
  const wanted = comparableText(input.caption);
  const found = await findNewestFirst(
    graph,
    ZMedia,
    {
      method: 'GET',
      path: `/${encodeURIComponent(input.igUserId)}/media`,
      token: input.pageToken,
      pageId: input.pageId,
      query: { fields: 'id,caption,permalink,timestamp' },
      publishing: false,
      what: 'Read the Instagram media list',
      ...INSTAGRAM,
    },
    {
      from: input.since.getTime() - READ_BACK_CLOCK_SLACK_MS,
      timeOf: (media) => graphTime(media.timestamp),
      matches: (media) => comparableText(media.caption ?? '') === wanted,
    },
  );
  return found ? { externalId: found.id, url: mediaUrl(found.permalink) } : null;
};
