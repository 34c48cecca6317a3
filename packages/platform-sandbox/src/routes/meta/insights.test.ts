import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { sandboxFiguresOf } from '../post-figures';

/** The Graph stand-in's insights of a page post and an Instagram media, on the wire. */

let sandbox: PlatformSandbox;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-23T10:00:00Z');
  sandbox = await startPlatformSandbox({ now: () => new Date(now) });
});
afterEach(async () => {
  await sandbox.close();
});

const graph = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${sandbox.url}/graph/v26.0${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The seeded page's token and a post published on it, and a picture published on its Instagram account. */
const published = async () => {
  const meta = sandbox.platforms.meta;
  const user = meta.issueUserToken(meta.defaultUser().id, { expiresInSeconds: 60 * 86_400 });
  const accounts = (await (
    await graph('/me/accounts?fields=instagram_business_account', user.value)
  ).json()) as {
    data: Array<{ id: string; access_token: string; instagram_business_account: { id: string } }>;
  };
  const page = accounts.data[0];
  if (!page) throw new Error('seeded page expected');
  const post = (await (
    await graph(`/${page.id}/feed`, page.access_token, form({ message: 'Hi' }))
  ).json()) as {
    id: string;
  };
  const igUserId = page.instagram_business_account.id;
  sandbox.platforms.meta.setContainerProcessing({ ms: 0 });
  const container = (await (
    await graph(
      `/${igUserId}/media`,
      page.access_token,
      form({ image_url: `${sandbox.url}/graph/pictures/a.png`, caption: 'Hello' }),
    )
  ).json()) as { id: string };
  const media = (await (
    await graph(`/${igUserId}/media_publish`, page.access_token, form({ creation_id: container.id }))
  ).json()) as { id: string };
  return { pageId: page.id, token: page.access_token, postId: post.id, mediaId: media.id };
};

type Insights = {
  data: {
    name: string;
    period: string;
    values: { value: unknown }[];
    title: string;
    description: string;
    id: string;
  }[];
};

describe('the Graph insights stand-in', () => {
  it("answers a page post's lifetime metrics in Graph's shape, growing with the post's age", async () => {
    const { token, postId } = await published();
    const metric = 'post_media_view,post_total_media_view_unique,post_reactions_by_type_total';
    const fresh = (await (await graph(`/${postId}/insights?metric=${metric}`, token)).json()) as Insights;
    expect(fresh.data.map((entry) => entry.name)).toEqual(metric.split(','));
    expect(fresh.data[0]).toEqual({
      name: 'post_media_view',
      period: 'lifetime',
      values: [{ value: 0 }],
      title: expect.any(String),
      description: expect.any(String),
      id: `${postId}/insights/post_media_view/lifetime`,
    });
    const publishedAt = new Date(now);
    now += 30 * 3_600_000;
    const later = (await (await graph(`/${postId}/insights?metric=${metric}`, token)).json()) as Insights;
    const expected = sandboxFiguresOf(postId, publishedAt, new Date(now));
    expect(expected.views).toBeGreaterThan(0);
    expect(later.data[0]?.values[0]?.value).toBe(expected.views);
    expect(later.data[1]?.values[0]?.value).toBe(expected.reach);
    const reactions = later.data[2]?.values[0]?.value as Record<string, number>;
    expect(Object.values(reactions).reduce((a, b) => a + b, 0)).toBe(expected.reactions);
  });

  it("answers an Instagram media's views, reach, likes, comments, shares and saves", async () => {
    const { token, mediaId } = await published();
    now += 72 * 3_600_000;
    const answer = (await (
      await graph(`/${mediaId}/insights?metric=views,reach,likes,comments,shares,saved`, token)
    ).json()) as Insights;
    expect(answer.data.map((entry) => [entry.name, entry.period])).toEqual(
      ['views', 'reach', 'likes', 'comments', 'shares', 'saved'].map((name) => [name, 'lifetime']),
    );
    expect(answer.data[0]?.values[0]?.value).toBeGreaterThan(answer.data[1]?.values[0]?.value as number);
  });

  it('refuses a retired or unknown metric with (#100), a declined permission with (#10), a deleted post as missing', async () => {
    const { pageId, token, postId, mediaId } = await published();
    const retired = await graph(`/${postId}/insights?metric=post_impressions`, token);
    expect(retired.status).toBe(400);
    expect(await retired.json()).toEqual({
      error: {
        message: '(#100) The value must be a valid insights metric',
        type: 'OAuthException',
        code: 100,
        fbtrace_id: expect.any(String),
      },
    });
    const igRetired = (await (await graph(`/${mediaId}/insights?metric=impressions`, token)).json()) as {
      error: { code: number; message: string };
    };
    expect(igRetired.error.code).toBe(100);
    expect(igRetired.error.message).toContain('metric[0] must be one of the following values');

    sandbox.platforms.meta.setInsightsGranted(pageId, false);
    const denied = await graph(`/${postId}/insights?metric=post_media_view`, token);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 10,
      message: expect.stringContaining('read_insights'),
    });
    sandbox.platforms.meta.setInsightsGranted(pageId, true);

    expect(sandbox.platforms.meta.deletePost(postId)).toBe(true);
    const gone = (await (await graph(`/${postId}/insights?metric=post_media_view`, token)).json()) as {
      error: { code: number; error_subcode: number };
    };
    expect(gone.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});
