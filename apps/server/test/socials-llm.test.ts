import type { TCreateSocialPostsResponse, TSocialPost } from '@sales-assist/contract';
import {
  type LlmStandIn,
  STAND_IN_IMAGE_DESCRIPTION,
  STAND_IN_SELECTION,
  standInLlmEnv,
  standInSocialPost,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems, users } from '../src/db/schema';
import { getSocial, settledPicture, socialUnits } from './socials-support';
import { waitFor, withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen } from './support/sse-client';
import { type SeededTheme, seedPrompt, seedTheme } from './support/template-factories';

/** Social posts by the LLM writer and pictures by an image model, against the local stand-in. */
const KEY = 'sk-socials-stand-in';
let h: Harness;
let standIn: LlmStandIn;
let user: SeededUser;
let theme: SeededTheme;
let marker: string;
beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: KEY });
  h = await startHarness({
    engine: false,
    env: {
      ...standInLlmEnv(standIn, KEY),
      // The image model speaks to the LLM's endpoint with its key (IMAGE_BASE_URL and IMAGE_API_KEY unset).
      IMAGE_MODEL: 'stand-in-image',
      IMAGE_TIMEOUT_MS: '3000',
    },
  });
  user = await seedUser(h);
  await withWebsite(h, user.user.id);
  // No scanned site: the brand profile is the company's name, and every picture's footer says it.
  await h.deps.db.update(users).set({ companyName: 'Acme Rockets' }).where(eq(users.id, user.user.id));
  marker = `Marker ${Date.now()}`;
  const textPost = await seedPrompt(h.deps.db, 'social_post', { text: `${marker}: posts about {topic}.` });
  theme = await seedTheme(h.deps.db, { promptIds: { text_post: textPost.id } });
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.setMode('normal');
  standIn.requests.length = 0;
});

const create = async (body: Record<string, unknown>): Promise<TCreateSocialPostsResponse> => {
  const response = await h.call('POST', '/api/socials', {
    token: user.accessToken,
    body: { networks: ['instagram'], theme_id: theme.id, ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/socials: ${response.statusCode} ${response.body}`);
  return response.json<TCreateSocialPostsResponse>();
};

const first = (answer: TCreateSocialPostsResponse): TSocialPost => {
  const post = answer.items[0];
  if (!post) throw new Error('no post');
  return post;
};

describe('social posts by the model', () => {
  it('writes each network’s post with the theme’s Text Post prompt', async () => {
    const answer = await create({ topic: 'Pipeline reviews', networks: ['facebook', 'linkedin'] });
    expect(answer.fallback_reason).toBeNull();
    expect(answer.items.map((post) => post.text)).toEqual([
      standInSocialPost('facebook'),
      standInSocialPost('linkedin'),
    ]);
    expect(answer.items[0]).toMatchObject({ writer: 'llm', model: 'gpt-4o-mini' });
    const asked = standIn.requests.find((request) => request.task === 'social_posts');
    expect(standIn.promptOf(asked)).toContain(`${marker}: posts about Pipeline reviews.`);
    expect(standIn.promptOf(asked)).toContain('Facebook (at most 63,206 characters');
  });

  it('the picture’s content comes from the post: a figure the post does not state is dropped', async () => {
    const post = first(await create({ topic: 'Selection' }));
    const ready = await settledPicture(h, user, post.id);
    expect(ready.image.status).toBe('ready');
    const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, post.id));
    if (!row) throw new Error('no row');
    const content = (
      row.data as { image: { content: { headline: string; stat: string | null; footer: string } } }
    ).image.content;
    expect(content.headline).toBe(STAND_IN_SELECTION.headline);
    expect(content.stat).toBeNull();
    expect(content.footer).toBe('Acme Rockets');
  });

  it('a bare figure the post states is drawn with the words that say what it counts', async () => {
    const post = first(await create({ topic: 'Figures' }));
    await settledPicture(h, user, post.id);
    // The author's text states the stand-in's figure (73%) with what it counts.
    const edited = await h.call('PUT', `/api/socials/${post.id}`, {
      token: user.accessToken,
      body: { text: 'Clinics that remind by text see 73% fewer no-shows, in a month.\n\n#Clinics' },
    });
    expect(edited.statusCode).toBe(200);
    const again = await h.call('POST', `/api/socials/${post.id}/regenerate_image`, {
      token: user.accessToken,
      body: {},
    });
    expect(again.statusCode).toBe(200);
    await settledPicture(h, user, post.id);
    const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, post.id));
    if (!row) throw new Error('no row');
    const content = (row.data as { image: { content: { stat: string | null } } }).image.content;
    expect(content.stat).toBe('73% fewer no-shows');
  });

  it('an image model’s picture: described by the Image step, checked, stored and served', async () => {
    const post = first(await create({ topic: 'A model picture', image_source: 'model' }));
    const ready = await settledPicture(h, user, post.id);
    expect(ready.image).toMatchObject({
      source: 'model',
      status: 'ready',
      mime: 'image/png',
      width: 64,
      height: 64,
      fallback_reason: null,
    });
    const imageRequest = standIn.requests.find((request) => request.task === 'image');
    expect(imageRequest?.authorization).toBe(`Bearer ${KEY}`);
    expect(imageRequest?.body).toMatchObject({ model: 'stand-in-image', prompt: STAND_IN_IMAGE_DESCRIPTION });
    const served = await h.call('GET', ready.image_uri ?? '', { token: user.accessToken });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
  });

  it.each([
    ['fails', 'error', 'The image model answered HTTP 500'],
    [
      'answers bytes that are no picture',
      'malformed',
      'The image model answered something that is not a picture',
    ],
  ] as const)(
    'an image model that %s gives way to the theme’s infographic, saying so',
    async (_what, mode, reason) => {
      const post = first(await create({ topic: `Model ${mode}`, image_source: 'model' }));
      // The Image step's description is answered, then the picture request in this mode.
      standIn.queueModes('normal', mode);
      const ready = await settledPicture(h, user, post.id);
      expect(ready.image.status).toBe('ready');
      expect(ready.image.mime).toBe('image/png');
      expect(ready.image.fallback_reason).toContain(reason);
    },
  );

  it('a picture whose job was lost is queued again when its owner looks at it', async () => {
    const post = first(await create({ topic: 'Lost job' }));
    await settledPicture(h, user, post.id);
    // As if a new version had been asked for long ago and its job had died with its process.
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await h.deps.db
      .update(contentItems)
      .set({
        data: sql`jsonb_set(${contentItems.data}, '{image}', (${contentItems.data}->'image') || ${JSON.stringify({ status: 'rendering', version: 7, startedAt: long, storageKey: null })}::jsonb)`,
      })
      .where(and(eq(contentItems.id, post.id)));
    expect((await getSocial(h, user, post.id)).image.status).toBe('rendering');
    const recovered = await settledPicture(h, user, post.id);
    expect(recovered.image).toMatchObject({ status: 'ready', version: 7 });
    expect(recovered.image_uri).toBe(`/api/socials/${post.id}/image?v=7`);
  });

  it('a model that fails to write falls back to the offline writer, and says so', async () => {
    standIn.setMode('error');
    const answer = await create({ topic: 'Offline fallback', networks: ['linkedin'] });
    expect(answer.fallback_reason).toBe('answered HTTP 500');
    expect(answer.items[0]?.writer).toBe('offline');
    // The outline's hashtags name the topic (#OfflineFallback).
    expect(answer.items[0]?.text.toLowerCase()).toMatch(/offline ?fallback/);
  });

  it('a caller who goes away while the posts are written cancels the model call, keeps nothing and is not counted', async () => {
    const before = await socialUnits(h, user.user.id);
    standIn.setMode('slow');
    const base = await listen(h);
    const controller = new AbortController();
    const request = fetch(`${base}/api/socials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Going away', networks: ['linkedin'], theme_id: theme.id }),
      signal: controller.signal,
    });
    await waitFor(
      async () => standIn.requests.some((each) => each.task === 'social_posts'),
      5_000,
      'the model call',
    );
    controller.abort();
    await expect(request).rejects.toThrow();
    await waitFor(
      async () => standIn.requests.some((each) => each.task === 'social_posts' && each.clientClosed),
      5_000,
      'the model call to be cancelled',
    );
    await waitFor(
      async () =>
        (
          await h.deps.db
            .select({ id: contentItems.id })
            .from(contentItems)
            .where(and(eq(contentItems.userId, user.user.id), eq(contentItems.title, 'LinkedIn: Going away')))
        ).length === 0 && (await socialUnits(h, user.user.id)) === before,
      5_000,
      'the generation to be undone',
    );
  });
});
