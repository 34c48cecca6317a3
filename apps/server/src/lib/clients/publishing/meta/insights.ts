import { z } from 'zod';
import type { PostFigure, PostFiguresRead } from '../post-figures';
import { PublishError } from '../types';
import type { CallKind } from './errors';
import type { GraphTransport } from './graph';
import { graphTime } from './newest-first';

/**
 * A published post's own figures as Meta gives them: GET /{page-post-id}/insights (Facebook, with the
 * page's token) and GET /{ig-media-id}/insights (Instagram, with the token of the page it is linked to),
 * on the Graph version the client is configured with (v26.0 by default, graph-version.ts).
 *
 * Which metrics, and why (checked against Meta's Page Insights and Instagram Media Insights references and
 * its changelog):
 * - Facebook: Meta deprecated the post `impressions` metrics for every API version on 15 November 2025
 *   (post_impressions_unique's stated alternative is post_total_media_view_unique) and replaced them with
 *   "views". We ask post_media_view (times the post was on screen), post_total_media_view_unique (people
 *   who saw it) and post_reactions_by_type_total (its value is an object by reaction kind, summed here).
 * - Instagram: `impressions` was deprecated in v22.0 and for every version from 21 April 2025 (an error for
 *   media made after 1 July 2024), replaced by `views`. We ask views, reach, likes, comments, shares and
 *   saved: the lifetime figures of a feed picture, which is what we publish.
 * Each metric is answered as { name, period, values: [{ value, end_time? }], title, description, id }.
 */

/** Meta's metric names and ours, in the order the screens show them. */
export const FACEBOOK_POST_METRICS = {
  post_media_view: 'views',
  post_total_media_view_unique: 'reach',
  post_reactions_by_type_total: 'reactions',
} as const;

export const INSTAGRAM_MEDIA_METRICS = {
  views: 'views',
  reach: 'reach',
  likes: 'reactions',
  comments: 'comments',
  shares: 'shares',
  saved: 'saves',
} as const;

const ZValue = z.union([z.number(), z.record(z.string(), z.number())]);
const ZInsights = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      period: z.string().optional(),
      values: z.array(z.object({ value: ZValue, end_time: z.string().optional() })).default([]),
      title: z.string().optional(),
      description: z.string().optional(),
      id: z.string().optional(),
    }),
  ),
});

/** Graph's "object does not exist" (code 100, subcode 33): the post was deleted. */
const GONE_SUBCODE = '100/33';
/** (#10) and (#200–#299): a permission the token was not given (read_insights, instagram_manage_insights). */
const isPermissionCode = (code: string | undefined) => {
  const main = Number((code ?? '').split('/')[0]);
  return main === 10 || (main >= 200 && main <= 299);
};

const readInsights = async (
  graph: GraphTransport,
  input: { objectId: string; token: string; pageId?: string },
  metrics: Record<string, string>,
  kind: CallKind,
  edge: string,
): Promise<PostFiguresRead> => {
  const source = `Meta Graph API ${graph.options.graphVersion} GET ${edge}/insights`;
  try {
    const answer = await graph.call(ZInsights, {
      method: 'GET',
      path: `/${encodeURIComponent(input.objectId)}/insights`,
      token: input.token,
      ...(input.pageId ? { pageId: input.pageId } : {}),
      query: { metric: Object.keys(metrics).join(',') },
      ...kind,
    });
    const figures: PostFigure[] = [];
    for (const entry of answer.data) {
      const metric = metrics[entry.name];
      // The newest value is the figure; a lifetime metric has exactly one.
      const latest = entry.values.at(-1);
      if (!metric || !latest) continue;
      const value =
        typeof latest.value === 'number'
          ? latest.value
          : Object.values(latest.value).reduce((sum, n) => sum + n, 0);
      figures.push({ metric, platformMetric: entry.name, value, asOf: graphTime(latest.end_time) });
    }
    return { status: 'figures', figures, source };
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    if (error.code === GONE_SUBCODE) return { status: 'gone', source };
    if (isPermissionCode(error.code)) return { status: 'not_permitted', reason: error.message, source };
    throw error;
  }
};

/** GET /{page-post-id}/insights with the page's token. */
export const readFacebookPostFigures = (
  graph: GraphTransport,
  input: { postId: string; pageId: string; pageToken: string },
): Promise<PostFiguresRead> =>
  readInsights(
    graph,
    { objectId: input.postId, token: input.pageToken, pageId: input.pageId },
    FACEBOOK_POST_METRICS,
    { publishing: false, what: 'Read the Facebook post insights', platform: 'facebook' },
    '/{page-post-id}',
  );

/** GET /{ig-media-id}/insights with the linked page's token. */
export const readInstagramMediaFigures = (
  graph: GraphTransport,
  input: { mediaId: string; pageToken: string; pageId?: string },
): Promise<PostFiguresRead> =>
  readInsights(
    graph,
    { objectId: input.mediaId, token: input.pageToken, ...(input.pageId ? { pageId: input.pageId } : {}) },
    INSTAGRAM_MEDIA_METRICS,
    { publishing: false, what: 'Read the Instagram media insights', platform: 'instagram' },
    '/{ig-media-id}',
  );
