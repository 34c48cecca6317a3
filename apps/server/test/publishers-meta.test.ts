import type { PlatformSandbox } from '@sales-assist/platform-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContentItemRow } from '../src/db/schema';
import { publicFileLink } from '../src/modules/public-files/public-file-link';
import { facebookPublisher } from '../src/modules/publishing/publishers/facebook';
import { PUBLISHERS, publisherFor } from '../src/modules/publishing/publishers/index';
import { instagramPublisher } from '../src/modules/publishing/publishers/instagram';
import {
  freePort,
  insertLinkedInPost,
  pictureBytesOf,
  pieceOf,
  publishErrorOf,
  startPublisherHarness,
  studioSocialPosts,
} from './publishers-support';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';
import { connectionOf, connectMeta } from './support/platform-accounts';

let h: Harness;
let sandbox: PlatformSandbox;
let user: SeededUser;
let origin: string;

beforeAll(async () => {
  // Instagram fetches the picture from APP_ORIGIN: the app listens there, as a deployed one does.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  ({ h, sandbox, user } = await startPublisherHarness(
    async (started, owner) => {
      await connectMeta(started, owner, 'facebook');
      await connectMeta(started, owner, 'instagram');
    },
    { APP_ORIGIN: origin },
  ));
  await h.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => h.close());
beforeEach(() => sandbox.faults.clear());

const graph = (path: string) => `/graph/${h.config.meta.graphVersion}${path}`;
const pageId = () => sandbox.platforms.meta.pages()[0]?.id ?? '';
const igUserId = () => sandbox.platforms.meta.instagramAccounts()[0]?.id ?? '';

/** A photo's caption arrives as multipart form data, whose encoding makes line ends CR LF. */
const lf = (text: string) => text.replace(/\r\n/g, '\n');

/** The item with its picture marked failed (what the studio keeps when drawing failed). */
const withoutPicture = (item: ContentItemRow): ContentItemRow => {
  const data = item.data as { image: Record<string, unknown> };
  return { ...item, data: { ...data, image: { ...data.image, status: 'failed', storageKey: null } } };
};

describe('Publishers of every platform', () => {
  it('has one for each platform a connection can have', () => {
    expect(Object.keys(PUBLISHERS).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'wordpress']);
    expect(publisherFor('instagram')).toBe(instagramPublisher);
  });
});

describe('Facebook publisher', () => {
  it('posts a social post written for Facebook on the page as a photo with its text as the caption', async () => {
    const posts = await studioSocialPosts(h, user, ['facebook', 'instagram'], 'Weekly pipeline reviews');
    const connection = await connectionOf(h, user, 'facebook');
    const published = await facebookPublisher.publish(h.deps, pieceOf(h, posts.facebook, connection));

    const held = sandbox.platforms.meta
      .posts(pageId())
      .filter((post) => lf(post.message) === posts.facebook.body);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ id: published.externalId, published: true, link: null });
    expect(held[0]?.photoId).toEqual(expect.any(String));
    expect(held[0]?.pictureUrl).toEqual(expect.any(String));

    const wrong = await publishErrorOf(() =>
      facebookPublisher.publish(h.deps, pieceOf(h, posts.instagram, connection)),
    );
    expect(wrong).toMatchObject({
      kind: 'invalid',
      message: 'This post was written for Instagram; it cannot be published to Facebook.',
    });
  });

  it('posts the text alone when the picture could not be drawn', async () => {
    const posts = await studioSocialPosts(h, user, ['facebook'], 'Discovery calls');
    const item = withoutPicture(posts.facebook);
    const published = await facebookPublisher.publish(
      h.deps,
      pieceOf(h, item, await connectionOf(h, user, 'facebook')),
    );
    const held = sandbox.platforms.meta.posts(pageId()).find((post) => post.id === published.externalId);
    expect(held).toMatchObject({ message: item.body, photoId: null, pictureUrl: null });
  });

  it('finds the photo post Facebook made when its answer was lost; notFound when it made none', async () => {
    const posts = await studioSocialPosts(h, user, ['facebook'], 'Renewal forecasts');
    const piece = pieceOf(h, posts.facebook, await connectionOf(h, user, 'facebook'));
    const since = new Date();
    expect(await facebookPublisher.lookFor(h.deps, piece, since)).toEqual({ notFound: true });

    sandbox.faults.inject({
      method: 'POST',
      path: graph(`/${pageId()}/photos`),
      status: 500,
      body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } },
      after_handling: true,
    });
    const lost = await publishErrorOf(() => facebookPublisher.publish(h.deps, piece));
    expect(lost.kind).toBe('unknown_outcome');
    const held = sandbox.platforms.meta
      .posts(pageId())
      .filter((post) => lf(post.message) === posts.facebook.body);
    expect(held).toHaveLength(1);
    const lookup = await facebookPublisher.lookFor(h.deps, piece, since);
    expect(lookup).toEqual({ found: { externalId: held[0]?.id, url: expect.any(String) } });
  });

  it('refuses a LinkedIn post without calling Facebook', async () => {
    const before = sandbox.platforms.meta.posts().length;
    const item = await insertLinkedInPost(h, user, 'Meant for LinkedIn only. #linkedin');
    const connection = await connectionOf(h, user, 'facebook');
    const error = await publishErrorOf(() => facebookPublisher.publish(h.deps, pieceOf(h, item, connection)));
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'A LinkedIn post cannot be published to Facebook.',
    });
    expect(sandbox.platforms.meta.posts()).toHaveLength(before);
  });
});

describe('Instagram publisher', () => {
  it('publishes the caption and the picture Instagram fetched from its signed public link', async () => {
    const posts = await studioSocialPosts(h, user, ['instagram'], 'Account planning');
    const item = posts.instagram;
    const published = await instagramPublisher.publish(
      h.deps,
      pieceOf(h, item, await connectionOf(h, user, 'instagram')),
    );

    const held = sandbox.platforms.meta.media(igUserId()).filter((media) => media.caption === item.body);
    expect(held).toHaveLength(1);
    expect(held[0]?.id).toBe(published.externalId);
    const link = held[0]?.mediaUrl ?? '';
    expect(link.startsWith(`${origin}/api/public-files?token=`)).toBe(true);
    // The link names the one file and needs no sign-in; the storage key (which names the user) is not in it.
    expect(link).not.toContain(user.user.id);
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), await pictureBytesOf(h, item))).toBe(0);
  });

  it('finds the media Instagram published when the answer was lost; notFound when nothing was', async () => {
    const posts = await studioSocialPosts(h, user, ['instagram'], 'Champion building');
    const piece = pieceOf(h, posts.instagram, await connectionOf(h, user, 'instagram'));
    const since = new Date();
    expect(await instagramPublisher.lookFor(h.deps, piece, since)).toEqual({ notFound: true });
    sandbox.faults.inject({
      method: 'POST',
      path: graph(`/${igUserId()}/media_publish`),
      status: 500,
      body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } },
      after_handling: true,
    });
    const lost = await publishErrorOf(() => instagramPublisher.publish(h.deps, piece));
    expect(lost.kind).toBe('unknown_outcome');
    const held = sandbox.platforms.meta
      .media(igUserId())
      .filter((media) => media.caption === posts.instagram.body);
    expect(held).toHaveLength(1);
    expect(await instagramPublisher.lookFor(h.deps, piece, since)).toEqual({
      found: { externalId: held[0]?.id, url: expect.any(String) },
    });
  });

  it('refuses a post without a picture: Instagram takes none', async () => {
    const posts = await studioSocialPosts(h, user, ['instagram'], 'Pricing talks');
    const before = sandbox.platforms.meta.containers().length;
    const piece = pieceOf(h, withoutPicture(posts.instagram), await connectionOf(h, user, 'instagram'));
    const refused = await publishErrorOf(() => instagramPublisher.publish(h.deps, piece));
    expect(refused).toMatchObject({
      kind: 'invalid',
      platform: 'instagram',
      message: 'Instagram posts need a picture; this post has none.',
    });
    expect(sandbox.platforms.meta.containers()).toHaveLength(before);
  });
});

describe('Public picture links', () => {
  it('serves only a link the server made, only until it expires', async () => {
    const posts = await studioSocialPosts(h, user, ['instagram'], 'Signed links');
    const image = (posts.instagram.data as { image: { storageKey: string; mime: string } }).image;
    const file = { storageKey: image.storageKey, contentType: image.mime };
    const good = publicFileLink(h.deps, file);
    expect(good.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await fetch(good.url)).status).toBe(200);

    const expired = publicFileLink(h.deps, file, -1);
    const token = new URL(good.url).searchParams.get('token') ?? '';
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const missing = publicFileLink(h.deps, {
      storageKey: 'socials/nobody/gone.png',
      contentType: 'image/png',
    });
    for (const url of [
      expired.url,
      `${origin}/api/public-files?token=${changed}`,
      `${origin}/api/public-files?token=not-a-token`,
      missing.url,
    ]) {
      const answer = await fetch(url);
      expect(answer.status, url).toBe(404);
      expect(await answer.json()).toEqual({
        error: 'not_found',
        message: 'This link does not exist or has expired.',
      });
    }
  });

  it('is documented in the OpenAPI document, without sign-in', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(paths['/api/public-files']?.get).toBeDefined();
    const noToken = await h.call('GET', '/api/public-files');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});
