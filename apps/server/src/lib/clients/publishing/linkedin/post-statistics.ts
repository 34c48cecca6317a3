import { z } from 'zod';
import type { PostFigure, PostFiguresRead } from '../post-figures';
import { PublishError } from '../types';
import { apiUrl, type LinkedInClientConfig } from './config';
import { linkedInFetch, parseJson } from './http';

/**
 * A member post's own figures through LinkedIn's Member Post Analytics API (memberCreatorPostAnalytics,
 * Community Management API, on the LinkedIn-Version the client sends). We publish member posts
 * (author urn:li:person:…, scope w_member_social), so the organization statistics API
 * (organizationalEntityShareStatistics, for company pages) does not apply.
 *
 * It needs the r_member_postAnalytics scope, which LinkedIn grants only to apps approved for that product:
 * a connection whose token was not granted it is "not available with the granted permissions" (no call is
 * made), and a 403 ACCESS_DENIED from LinkedIn means the same. The entity finder takes one metric per call
 * (queryType), so a post costs one call per metric: IMPRESSION, MEMBERS_REACHED, REACTION, COMMENT,
 * RESHARE, each with aggregation=TOTAL (the post's lifetime count). LinkedIn gives no as-of time for a
 * total: the figure is dated when it was read.
 */
export const LINKEDIN_ANALYTICS_SCOPE = 'r_member_postAnalytics';

/** LinkedIn's query types and our names for them, in the order the screens show them. */
export const LINKEDIN_POST_METRICS = {
  IMPRESSION: 'views',
  MEMBERS_REACHED: 'reach',
  REACTION: 'reactions',
  COMMENT: 'comments',
  RESHARE: 'shares',
} as const;

const ZAnalytics = z.object({
  elements: z.array(z.object({ count: z.number().nonnegative() }).loose()),
});

/** The Rest.li 2.0 union the entity finder takes: (share:urn%3Ali%3Ashare%3A1) or (ugcPost:…). */
export const entityOf = (urn: string): string => {
  const kind = urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share';
  return `(${kind}:${encodeURIComponent(urn)})`;
};

/** Whether the scopes a member granted (as the token exchange said them) allow reading post analytics. */
export const mayReadPostAnalytics = (grantedScopes: readonly string[] | undefined): boolean =>
  (grantedScopes ?? []).includes(LINKEDIN_ANALYTICS_SCOPE);

/**
 * The post's lifetime figures. Throws PublishError for what the caller records as a connection problem
 * (expired or revoked token: auth_expired / revoked; rate limits: rate_limited).
 */
export const readLinkedInPostFigures = async (
  config: LinkedInClientConfig,
  input: { accessToken: string; urn: string; grantedScopes: readonly string[] | undefined },
  now: () => Date = () => new Date(),
): Promise<PostFiguresRead> => {
  const source = `LinkedIn Member Post Analytics API ${config.apiVersion} GET /rest/memberCreatorPostAnalytics`;
  if (!mayReadPostAnalytics(input.grantedScopes))
    return {
      status: 'not_permitted',
      reason: `LinkedIn shares a member's post statistics only with the ${LINKEDIN_ANALYTICS_SCOPE} permission, which this connection was not granted.`,
      source,
    };
  const figures: PostFigure[] = [];
  for (const [queryType, metric] of Object.entries(LINKEDIN_POST_METRICS)) {
    // Rest.li wants the union's parentheses and colon as they are: the query is written by hand.
    const query = `q=entity&entity=${entityOf(input.urn)}&queryType=${queryType}&aggregation=TOTAL`;
    let answer: Awaited<ReturnType<typeof linkedInFetch>>;
    try {
      answer = await linkedInFetch(
        apiUrl(config, `/rest/memberCreatorPostAnalytics?${query}`),
        {
          method: 'GET',
          headers: {
            authorization: `Bearer ${input.accessToken}`,
            'linkedin-version': config.apiVersion,
            'x-restli-protocol-version': '2.0.0',
            accept: 'application/json',
          },
        },
        {
          publishing: false,
          what: 'Reading the LinkedIn post statistics',
          timeoutMs: config.timeoutMs,
          accept: [404],
        },
      );
    } catch (error) {
      if (error instanceof PublishError && error.status === 403)
        return { status: 'not_permitted', reason: error.message, source };
      throw error;
    }
    if (answer.status === 404) return { status: 'gone', source };
    const parsed = ZAnalytics.safeParse(parseJson(answer.text));
    if (!parsed.success)
      throw new PublishError('unavailable', 'LinkedIn answered the post statistics in an unknown shape.', {
        platform: 'linkedin',
      });
    const value = parsed.data.elements.reduce((sum, element) => sum + element.count, 0);
    figures.push({ metric, platformMetric: queryType, value, asOf: now() });
  }
  return { status: 'figures', figures, source };
};
