import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type MetaFixture, startMetaFixture } from '../../../../../test/support/meta-sandbox';
import { PublishError } from '../types';
import { createGraphTransport } from './graph';
import type { FacebookPage } from './index';
import { readFacebookPostFigures } from './insights';

let fx: MetaFixture;
let page: FacebookPage;
beforeEach(async () => {
  fx = await startMetaFixture();
  ({ page } = await fx.connect());
});
afterEach(async () => {
  await fx.sandbox.close();
});

describe('Facebook and Instagram insights', () => {
  it('asks the current metrics with the token in the header only, and answers them in our words', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const client = fx.clientWith({
      fetch: (input, init) => {
        seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
        return fetch(input, init);
      },
    });
    const post = await client.publishToPage({ pageId: page.id, pageToken: page.accessToken, message: 'Hi' });
    const read = await client.readFacebookPostFigures({
      postId: post.externalId,
      pageId: page.id,
      pageToken: page.accessToken,
    });
    expect(read).toEqual({
      status: 'figures',
      source: 'Meta Graph API v26.0 GET /{page-post-id}/insights',
      figures: [
        { metric: 'views', platformMetric: 'post_media_view', value: expect.any(Number), asOf: null },
        {
          metric: 'reach',
          platformMetric: 'post_total_media_view_unique',
          value: expect.any(Number),
          asOf: null,
        },
        {
          metric: 'reactions',
          platformMetric: 'post_reactions_by_type_total',
          value: expect.any(Number),
          asOf: null,
        },
      ],
    });
    const asked = new URL(seen.at(-1)?.url ?? '');
    expect(asked.pathname).toBe(`/graph/v26.0/${post.externalId}/insights`);
    expect(asked.searchParams.get('metric')).toBe(
      'post_media_view,post_total_media_view_unique,post_reactions_by_type_total',
    );
    expect(asked.searchParams.has('access_token')).toBe(false);
    expect(asked.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${page.accessToken}`);
  });

  it('tells a declined permission and a deleted post apart from a failure; a retired metric is refused', async () => {
    const post = await fx.client.publishToPage({
      pageId: page.id,
      pageToken: page.accessToken,
      message: 'Hi',
    });
    const input = { postId: post.externalId, pageId: page.id, pageToken: page.accessToken };
    fx.sandbox.platforms.meta.setInsightsGranted(page.id, false);
    expect(await fx.client.readFacebookPostFigures(input)).toMatchObject({
      status: 'not_permitted',
      reason: expect.stringContaining('read_insights'),
    });
    fx.sandbox.platforms.meta.setInsightsGranted(page.id, true);

    // A metric Meta retired (impressions, 15 November 2025) is Graph's (#100), never taken for a missing post.
    const graph = createGraphTransport({
      graphBaseUrl: `${fx.sandbox.url}/graph`,
      graphVersion: 'v26.0',
      appId: 'sandbox-app-1',
      appSecret: 'sandbox-app-secret-for-tests',
      timeoutMs: 1_500,
    });
    const retired = await graph
      .call(z.unknown(), {
        method: 'GET',
        path: `/${post.externalId}/insights`,
        token: page.accessToken,
        query: { metric: 'post_impressions' },
        publishing: false,
        what: 'Read the Facebook post insights',
        platform: 'facebook',
      })
      .catch((error: unknown) => error);
    expect(retired).toBeInstanceOf(PublishError);
    expect(retired).toMatchObject({ kind: 'invalid', code: '100' });
    expect((retired as Error).message).not.toContain(page.accessToken);

    fx.sandbox.platforms.meta.deletePost(post.externalId);
    expect(await readFacebookPostFigures(graph, input)).toMatchObject({ status: 'gone' });
  });
});
