import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MetaFixture, startMetaFixture } from '../../../../../test/support/meta-sandbox';
import { PublishError } from '../types';
import type { FacebookPage, InstagramPostInput } from './index';

let fx: MetaFixture;
let page: FacebookPage;
let post: InstagramPostInput;
beforeEach(async () => {
  fx = await startMetaFixture();
  fx.sandbox.platforms.meta.setContainerProcessing({ ms: 150 });
  ({ page } = await fx.connect());
  post = {
    igUserId: page.instagram?.id ?? '',
    pageToken: page.accessToken,
    pageId: page.id,
    imageUrl: `${fx.sandbox.url}/graph/pictures/espresso.png`,
    caption: 'Espresso o’clock #coffee',
  };
});
afterEach(async () => {
  await fx.sandbox.close();
});

const refusal = async (promise: Promise<unknown>): Promise<PublishError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
};

describe('Instagram publishing', () => {
  it('creates a container, waits until it is FINISHED, publishes it and answers its permalink', async () => {
    const seen: string[] = [];
    const client = fx.clientWith({
      fetch: (input, init) => {
        const url = new URL(String(input));
        seen.push(
          `${init?.method} ${url.pathname}${url.searchParams.get('fields') ? `?${url.searchParams.get('fields')}` : ''}`,
        );
        return fetch(input, init);
      },
    });
    const published = await client.publishToInstagram(post);
    const [media] = fx.sandbox.platforms.meta.media(post.igUserId);
    expect(published).toEqual({ externalId: media?.id, url: `https://www.instagram.com/p/${media?.id}/` });
    expect(media).toMatchObject({ caption: post.caption, mediaUrl: post.imageUrl });
    const account = fx.graphPath(`/${post.igUserId}`);
    const polls = seen.filter((call) => call.endsWith('?status_code,status'));
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toBe(`POST ${account}/media`);
    expect(seen.at(-2)).toBe(`POST ${account}/media_publish`);
    expect(seen.at(-1)).toBe(`GET ${fx.graphPath(`/${media?.id}`)}?id,caption,permalink,timestamp`);

    expect(await fx.client.readInstagramQuota(post)).toEqual({ used: 1, total: 100, windowSeconds: 86_400 });
    expect(await fx.client.readInstagramMedia({ ...post, mediaId: media?.id ?? '' })).toMatchObject({
      externalId: media?.id,
      caption: post.caption,
    });
  });

  it('a container still IN_PROGRESS at the time limit publishes nothing and is unavailable', async () => {
    fx.sandbox.platforms.meta.setContainerProcessing({ ms: null });
    const client = fx.clientWith({ containerPolling: { firstDelayMs: 50, maxDelayMs: 150, limitMs: 600 } });
    const started = Date.now();
    const error = await refusal(client.publishToInstagram(post));
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(error).toMatchObject({
      kind: 'unavailable',
      platform: 'instagram',
      message: 'Instagram was still processing the picture after 1 s; nothing was published',
    });
    expect(fx.sandbox.platforms.meta.media()).toEqual([]);
    expect(fx.sandbox.platforms.meta.containers()).toHaveLength(1);
  });

  it('a container Instagram fails to process is invalid, with its status text', async () => {
    fx.sandbox.platforms.meta.setContainerProcessing({ outcome: 'ERROR' });
    const error = await refusal(fx.client.publishToInstagram(post));
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'Error: Media upload has failed with error code 2207052.',
    });
    expect(fx.sandbox.platforms.meta.media()).toEqual([]);
  });

  it('a picture Instagram cannot fetch is invalid (9004 / 2207052) before any container exists', async () => {
    const error = await refusal(
      fx.client.publishToInstagram({ ...post, imageUrl: `${fx.sandbox.url}/not-a-picture` }),
    );
    expect(error).toMatchObject({ kind: 'invalid', code: '9004/2207052', status: 400 });
    expect(error.message).toMatch(/^Media could not be fetched from this URI — Media download has failed/);
    expect(fx.sandbox.platforms.meta.containers()).toEqual([]);
  });

  it('a caption over 2,200 characters or with more than 30 hashtags is refused before calling Instagram', async () => {
    const long = await refusal(fx.client.publishToInstagram({ ...post, caption: 'a'.repeat(2_201) }));
    expect(long).toMatchObject({ kind: 'invalid', message: 'The caption is longer than 2200 characters' });
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    const many = await refusal(fx.client.publishToInstagram({ ...post, caption: tags }));
    expect(many.message).toBe('The caption has more than 30 hashtags');
    expect(fx.sandbox.platforms.meta.containers()).toEqual([]);
  });

  it('with the 24-hour quota used up, media_publish is refused as quota and the quota reads full', async () => {
    fx.sandbox.platforms.meta.setPublishingQuota(1);
    await fx.client.publishToInstagram(post);
    expect(await fx.client.readInstagramQuota(post)).toEqual({ used: 1, total: 1, windowSeconds: 86_400 });
    const error = await refusal(fx.client.publishToInstagram({ ...post, caption: 'Second' }));
    expect(error).toMatchObject({ kind: 'quota', code: '9/2207042', retryAfterSeconds: 3_600 });
    expect(error.retryable).toBe(true);
    expect(fx.sandbox.platforms.meta.media()).toHaveLength(1);
  });

  it('a time-out after media_publish is unknown_outcome, and the media list finds the one post', async () => {
    const since = new Date();
    fx.sandbox.faults.inject({
      method: 'POST',
      path: fx.graphPath(`/${post.igUserId}/media_publish`),
      after_handling: true,
      delay_ms: 3_000,
      status: 504,
    });
    const error = await refusal(fx.client.publishToInstagram(post));
    expect(error.kind).toBe('unknown_outcome');
    const [media] = fx.sandbox.platforms.meta.media();
    expect(fx.sandbox.platforms.meta.media()).toHaveLength(1);
    expect(await fx.client.findInstagramMedia({ ...post, since })).toEqual({
      externalId: media?.id,
      url: `https://www.instagram.com/p/${media?.id}/`,
    });
    expect(await fx.client.findInstagramMedia({ ...post, caption: 'Another', since })).toBeNull();
  });

  it('the read-back finds our media behind 30 newer ones, its timestamp read in UTC', async () => {
    fx.sandbox.platforms.meta.setContainerProcessing({ ms: 0 });
    const since = new Date();
    await fx.client.publishToInstagram(post);
    for (let n = 0; n < 30; n++)
      await fx.client.publishToInstagram({ ...post, caption: `Later ${n} #coffee` });
    const ours = fx.sandbox.platforms.meta.media(post.igUserId)[0];
    const read = await fx.client.readInstagramMedia({ ...post, mediaId: ours?.id ?? '' });
    expect(read?.publishedAt?.toISOString()).toBe(`${ours?.timestamp.toISOString().slice(0, 19)}.000Z`);
    expect(await fx.client.findInstagramMedia({ ...post, since })).toMatchObject({ externalId: ours?.id });
  });

  it('a time-out creating the container publishes nothing and is unavailable (safe to try again)', async () => {
    fx.sandbox.faults.inject({
      method: 'POST',
      path: fx.graphPath(`/${post.igUserId}/media`),
      delay_ms: 3_000,
      status: 504,
    });
    expect((await refusal(fx.client.publishToInstagram(post))).kind).toBe('unavailable');
    expect(fx.sandbox.platforms.meta.media()).toEqual([]);
  });

  it('an expired page token stops the post at the first step (auth_expired)', async () => {
    fx.sandbox.platforms.meta.killTokensOf(fx.sandbox.platforms.meta.defaultUser().id, 'expired');
    expect(await refusal(fx.client.publishToInstagram(post))).toMatchObject({
      kind: 'auth_expired',
      code: '190/463',
    });
    expect(fx.sandbox.platforms.meta.containers()).toEqual([]);
  });
});
