import {
  PREMIUM_POPUP_TEXTS,
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  type TCreateSocialPostsResponse,
  type TSocialPostsResponse,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { takePlanUnits } from '../src/modules/plan-limits/take-plan-units';
import { recoverStalledSocialTexts } from '../src/modules/socials/recover-social-posts';
import { getSocial, settledPicture, socialUnits } from './socials-support';
import { setTier, withWebsite } from './support/blog-factories';
import { scriptedWriter } from './support/blog-writer';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, pasteText, uploadedImage } from './support/inputs-support';
import { type SeededTheme, seedTheme } from './support/template-factories';

let h: Harness;
const writer = scriptedWriter('offline');
let theme: SeededTheme;
beforeAll(async () => {
  h = await startHarness({ engine: false, deps: { content: writer } });
  theme = await seedTheme(h.deps.db);
});
afterAll(() => h.close());

const userOf = async (tier: 'Basic' | 'Premium' = 'Premium'): Promise<SeededUser> => {
  const user = await seedUser(h);
  await withWebsite(h, user.user.id);
  await setTier(h, user.user.id, tier);
  return user;
};

const create = (user: SeededUser, body: Record<string, unknown>) =>
  h.call('POST', '/api/socials', {
    token: user.accessToken,
    body: { networks: ['instagram'], theme_id: theme.id, ...body },
  });

const created = async (user: SeededUser, body: Record<string, unknown>) => {
  const response = await create(user, body);
  if (response.statusCode !== 201)
    throw new Error(`POST /api/socials: ${response.statusCode} ${response.body}`);
  return response.json<TCreateSocialPostsResponse>();
};

describe('writing social posts', () => {
  it('writes one post per network within its limits, and renders the theme picture as a PNG', async () => {
    const user = await userOf();
    const answer = await created(user, {
      topic: 'Weekly pipeline reviews',
      networks: ['facebook', 'instagram', 'linkedin'],
    });
    expect(answer.items.map((post) => post.network)).toEqual(['facebook', 'instagram', 'linkedin']);
    for (const post of answer.items) {
      expect(post.text.length).toBeGreaterThan(20);
      expect(post.characters).toBeLessThanOrEqual(SOCIAL_LIMITS[post.network].max);
      expect(post.theme).toBe(theme.name);
      expect(post.image).toMatchObject({ source: 'theme', status: 'rendering', version: 1 });
      expect(post.image_uri).toBeNull();
    }
    // One generation, one unit, whatever the number of networks.
    expect(await socialUnits(h, user.user.id)).toBe(1);
    const first = answer.items[0];
    if (!first) throw new Error('no post');
    const ready = await settledPicture(h, user, first.id);
    expect(ready.image).toMatchObject({ status: 'ready', mime: 'image/png', error: null });
    expect(ready.image_uri).toBe(`/api/socials/${first.id}/image?v=1`);
    const image = await h.call('GET', ready.image_uri ?? '', { token: user.accessToken });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(ready.image.width);
    // The Selection step read the post, with the theme's Selection prompt.
    const selection = writer.calls.find((call) => call.method === 'selectInfographicContent');
    expect(selection?.context.prompt.text).toBeTruthy();
  });

  it('draws the same content once: a second post of the same text reuses the cached picture', async () => {
    const user = await userOf();
    const one = await created(user, { topic: 'Cached picture topic' });
    const two = await created(user, { topic: 'Cached picture topic' });
    const [a, b] = await Promise.all(
      [one.items[0]?.id ?? 0, two.items[0]?.id ?? 0].map((id) => settledPicture(h, user, id)),
    );
    const keys = await h.deps.db
      .select({ data: contentItems.data })
      .from(contentItems)
      .where(and(eq(contentItems.userId, user.user.id), eq(contentItems.kind, 'social_post')));
    const cacheKeys = keys.map((row) => (row.data as { image: { cacheKey: string } }).image.cacheKey);
    expect(a?.image.status).toBe('ready');
    expect(b?.image.status).toBe('ready');
    expect(new Set(cacheKeys).size).toBe(1);
  });

  it('writes from a blog post and from a text input, and refuses what is not the caller’s', async () => {
    const user = await userOf();
    const other = await userOf();
    const [blog] = await h.deps.db
      .insert(contentItems)
      .values({
        userId: user.user.id,
        kind: 'blog',
        title: 'Pipeline hygiene',
        body: '<h2>Why</h2><p>Deals that go quiet clog the pipeline. Close them every Friday.</p>',
        writer: 'offline',
      })
      .returning();
    const fromBlog = await created(user, { source_id: blog?.id });
    expect(fromBlog.items[0]?.source).toEqual({ type: 'blog', label: 'Pipeline hygiene', id: blog?.id });
    const text = (
      await pasteText(h, user.accessToken, 'Notes', 'Reminders surface the next step for every deal.')
    ).json();
    const fromInput = await created(user, { input_id: text.input.id });
    expect(fromInput.items[0]?.source.type).toBe('input');

    expect((await create(other, { source_id: blog?.id })).statusCode).toBe(404);
    expect((await create(other, { input_id: text.input.id })).statusCode).toBe(404);
    expect((await create(other, { topic: 'x', input_ids: [text.input.id] })).statusCode).toBe(404);
    expect((await create(user, { input_id: 987654321 })).statusCode).toBe(404);
    expect(await socialUnits(h, other.user.id)).toBe(0);
  });

  it('refuses bad requests with clear words and counts nothing', async () => {
    const user = await userOf();
    const none = await create(user, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(SOCIAL_MESSAGES.sourceRequired);
    expect((await create(user, { topic: 'a', source_id: 1 })).json().message).toContain(
      SOCIAL_MESSAGES.oneSource,
    );
    expect((await create(user, { topic: 'a', networks: [] })).statusCode).toBe(400);
    expect((await create(user, { topic: 'a', networks: ['myspace'] })).statusCode).toBe(400);
    const unknownTheme = await create(user, { topic: 'a', theme_id: 99_999 });
    expect(unknownTheme.statusCode).toBe(404);
    expect(unknownTheme.json().message).toBe(SOCIAL_MESSAGES.themeNotFound);
    const retired = await seedTheme(h.deps.db, { retired: true });
    const retiredAnswer = await create(user, { topic: 'a', theme_id: retired.id });
    expect(retiredAnswer.statusCode).toBe(400);
    expect(retiredAnswer.json().message).toBe(SOCIAL_MESSAGES.themeRetired);
    const noModel = await create(user, { topic: 'a', image_source: 'model' });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json().message).toBe(SOCIAL_MESSAGES.noImageModel);
    expect((await create(user, { topic: 'a', image_source: 'input' })).statusCode).toBe(400);
    expect(await socialUnits(h, user.user.id)).toBe(0);
  });
});

describe('plan limits (spec §9 social_media_posts_limit)', () => {
  it('Basic makes 2 generations, the 3rd answers 402 with the pop-up’s words and saves nothing', async () => {
    const user = await userOf('Basic');
    await created(user, { topic: 'One', networks: ['facebook', 'linkedin'] });
    await created(user, { topic: 'Two' });
    const third = await create(user, { topic: 'Three' });
    expect(third.statusCode).toBe(402);
    expect(third.json()).toMatchObject({
      error: 'plan_limit_reached',
      message: PREMIUM_POPUP_TEXTS.Basic.message,
      title: PREMIUM_POPUP_TEXTS.Basic.title,
      metric: 'social_media_posts',
      limit: 2,
      used: 2,
    });
    const posts = await h.call('GET', '/api/socials', { token: user.accessToken });
    expect(posts.json<TSocialPostsResponse>().total).toBe(3);
  });

  it('a writing that fails gives the unit back and keeps no post', async () => {
    const user = await userOf('Basic');
    writer.failing.add('writeSocialPosts');
    try {
      const failed = await create(user, { topic: 'Doomed', networks: ['facebook', 'instagram'] });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe(SOCIAL_MESSAGES.generationFailed);
    } finally {
      writer.failing.delete('writeSocialPosts');
    }
    expect(await socialUnits(h, user.user.id)).toBe(0);
    const left = await h.deps.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.userId, user.user.id), eq(contentItems.kind, 'social_post')));
    expect(left).toHaveLength(0);
    await created(user, { topic: 'Works now' });
    expect(await socialUnits(h, user.user.id)).toBe(1);
  });
});

describe('one post: read, edit, regenerate, delete', () => {
  it('edits within the network’s limits and refuses what it would not take', async () => {
    const user = await userOf();
    const post = (await created(user, { topic: 'Editing' })).items[0];
    if (!post) throw new Error('no post');
    const saved = await h.call('PUT', `/api/socials/${post.id}`, {
      token: user.accessToken,
      body: { text: 'My own words.\n\n#Mine #Ours' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().post).toMatchObject({
      text: 'My own words.\n\n#Mine #Ours',
      hashtags: ['#Mine', '#Ours'],
    });
    const tooLong = await h.call('PUT', `/api/socials/${post.id}`, {
      token: user.accessToken,
      body: { text: 'x'.repeat(2_345) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('The Instagram text can be at most 2,200 characters (it has 2,345)');
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ');
    const tooManyTags = await h.call('PUT', `/api/socials/${post.id}`, {
      token: user.accessToken,
      body: { text: `Hello\n\n${tags}` },
    });
    expect(tooManyTags.statusCode).toBe(400);
    expect(tooManyTags.json().message).toBe('Instagram takes at most 30 hashtags (this text has 31)');
    expect((await getSocial(h, user, post.id)).text).toBe('My own words.\n\n#Mine #Ours');
  });

  it('regenerates the text (no unit) and the picture with another theme, then with an uploaded image', async () => {
    const user = await userOf();
    const post = (await created(user, { topic: 'Regenerating' })).items[0];
    if (!post) throw new Error('no post');
    await settledPicture(h, user, post.id);
    const text = await h.call('POST', `/api/socials/${post.id}/regenerate_text`, { token: user.accessToken });
    expect(text.statusCode).toBe(200);
    expect(text.json().post.text.length).toBeGreaterThan(20);
    expect(await socialUnits(h, user.user.id)).toBe(1);

    const another = await seedTheme(h.deps.db);
    const image = await h.call('POST', `/api/socials/${post.id}/regenerate_image`, {
      token: user.accessToken,
      body: { theme_id: another.id },
    });
    expect(image.statusCode).toBe(200);
    expect(image.json().post).toMatchObject({
      theme_id: another.id,
      image: { status: 'rendering', version: 2 },
    });
    const redrawn = await settledPicture(h, user, post.id);
    expect(redrawn.image_uri).toBe(`/api/socials/${post.id}/image?v=2`);

    const picture = await uploadedImage(h, user.accessToken, 'logo.png', inputFixture('logo.png'));
    const fromUpload = await h.call('POST', `/api/socials/${post.id}/regenerate_image`, {
      token: user.accessToken,
      body: { image_source: 'input', image_input_id: picture.id },
    });
    expect(fromUpload.statusCode).toBe(200);
    expect(fromUpload.json().post.image).toMatchObject({ source: 'input', status: 'ready', version: 3 });
    const served = await h.call('GET', `/api/socials/${post.id}/image?v=3`, { token: user.accessToken });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(picture.mime);
    // The post keeps its copy when the input is deleted.
    await h.call('DELETE', `/api/inputs/${picture.id}`, { token: user.accessToken });
    expect(
      (await h.call('GET', `/api/socials/${post.id}/image`, { token: user.accessToken })).statusCode,
    ).toBe(200);
    expect(await socialUnits(h, user.user.id)).toBe(1);
  });

  it('a picture from another user’s image, or from a text input, is refused', async () => {
    const user = await userOf();
    const other = await userOf();
    const theirs = await uploadedImage(h, other.accessToken, 'photo.jpg', inputFixture('photo.jpg'));
    const refused = await create(user, {
      topic: 'Not mine',
      image_source: 'input',
      image_input_id: theirs.id,
    });
    expect(refused.statusCode).toBe(404);
    const text = (await pasteText(h, user.accessToken, 'Words', 'Only words here.')).json();
    const notImage = await create(user, {
      topic: 'Words',
      image_source: 'input',
      image_input_id: text.input.id,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(SOCIAL_MESSAGES.inputNotImage);
    expect(await socialUnits(h, user.user.id)).toBe(0);
  });

  it('another user’s post and picture are 404 for every call', async () => {
    const user = await userOf();
    const other = await userOf();
    const post = (await created(user, { topic: 'Private' })).items[0];
    if (!post) throw new Error('no post');
    await settledPicture(h, user, post.id);
    const token = other.accessToken;
    const answers = await Promise.all([
      h.call('GET', `/api/socials/${post.id}`, { token }),
      h.call('GET', `/api/socials/${post.id}/image`, { token }),
      h.call('PUT', `/api/socials/${post.id}`, { token, body: { text: 'Hijack' } }),
      h.call('POST', `/api/socials/${post.id}/regenerate_text`, { token }),
      h.call('POST', `/api/socials/${post.id}/regenerate_image`, { token, body: {} }),
      h.call('DELETE', `/api/socials/${post.id}`, { token }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await h.call('GET', `/api/socials/${post.id}/image`)).statusCode).toBe(401);
    expect((await getSocial(h, user, post.id)).text).not.toBe('Hijack');
  });

  it('pages 10 posts at a time, newest first, and deletes one', async () => {
    const user = await userOf();
    await created(user, { topic: 'Paging', networks: ['facebook', 'instagram', 'linkedin'] });
    for (let index = 0; index < 3; index += 1)
      await created(user, { topic: `Paging ${index}`, networks: ['facebook', 'instagram', 'linkedin'] });
    const first = (
      await h.call('GET', '/api/socials?page=1', { token: user.accessToken })
    ).json<TSocialPostsResponse>();
    expect(first).toMatchObject({ total: 12, page: 1, limit: 10, writer: 'offline', image_model: false });
    expect(first.items).toHaveLength(10);
    const second = (
      await h.call('GET', '/api/socials?page=2', { token: user.accessToken })
    ).json<TSocialPostsResponse>();
    expect(second.items).toHaveLength(2);
    const ids = [...first.items, ...second.items].map((post) => post.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const gone = await h.call('DELETE', `/api/socials/${ids[0]}`, { token: user.accessToken });
    expect(gone.json().message).toBe(SOCIAL_MESSAGES.deleted);
    expect((await h.call('GET', `/api/socials/${ids[0]}`, { token: user.accessToken })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/socials?page=0', { token: user.accessToken })).statusCode).toBe(400);
  });
});

describe('what is left behind', () => {
  it('a post deleted from History takes its own picture file with it, unless a copy still shows it', async () => {
    const user = await userOf();
    const picture = await uploadedImage(h, user.accessToken, 'logo.png', inputFixture('logo.png'));
    const post = (
      await created(user, { topic: 'Own picture', image_source: 'input', image_input_id: picture.id })
    ).items[0];
    if (!post) throw new Error('no post');
    const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, post.id));
    if (!row) throw new Error('no row');
    const key = (row.data as { image: { storageKey: string } }).image.storageKey;
    expect(await h.deps.storage.exists(key)).toBe(true);
    const copy = await h.call('POST', `/api/history/${post.id}/duplicate`, { token: user.accessToken });
    expect(copy.statusCode).toBe(200);
    await h.call('DELETE', `/api/history/${post.id}`, { token: user.accessToken });
    expect(await h.deps.storage.exists(key)).toBe(true);
    const copyId = copy.json().item.id as number;
    expect(
      (await h.call('GET', `/api/socials/${copyId}/image`, { token: user.accessToken })).statusCode,
    ).toBe(200);
    await h.call('DELETE', `/api/history/${copyId}`, { token: user.accessToken });
    expect(await h.deps.storage.exists(key)).toBe(false);
  });

  it('a generation whose process died mid-writing is removed at the next worker start, its unit given back', async () => {
    const user = await userOf('Basic');
    await created(user, { topic: 'Written' });
    // As the request left it when its process died: the unit taken, the posts still 'generating'.
    const long = new Date(Date.now() - 10 * 60_000);
    const { period } = await takePlanUnits(h.deps.db, {
      userId: user.user.id,
      metric: 'social_media_posts',
      now: new Date(),
    });
    await h.deps.db.insert(contentItems).values({
      userId: user.user.id,
      kind: 'social_post',
      status: 'generating',
      progress: 0,
      title: 'Instagram: Died',
      writer: 'offline',
      data: { network: 'instagram', planPeriod: period, image: { status: 'rendering' } },
      createdAt: long,
      updatedAt: long,
    });
    expect(await socialUnits(h, user.user.id)).toBe(2);
    expect(await recoverStalledSocialTexts(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await socialUnits(h, user.user.id)).toBe(1);
    const left = await h.deps.db
      .select({ status: contentItems.status })
      .from(contentItems)
      .where(and(eq(contentItems.userId, user.user.id), eq(contentItems.kind, 'social_post')));
    expect(left.map((row) => row.status)).toEqual(['ready']);
  });
});

describe('a lost picture file', () => {
  it('a theme picture whose cached file was lost is drawn again when it is asked for', async () => {
    const user = await userOf();
    const post = (await created(user, { topic: 'Lost file' })).items[0];
    if (!post) throw new Error('no post');
    const ready = await settledPicture(h, user, post.id);
    const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, post.id));
    if (!row) throw new Error('no row');
    const key = (row.data as { image: { storageKey: string } }).image.storageKey;
    await h.deps.storage.delete(key);
    const image = await h.call('GET', ready.image_uri ?? '', { token: user.accessToken });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await h.deps.storage.exists(key)).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('describes every Socials call with its answers', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(paths['/api/socials']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '402', '404', '502']),
    );
    expect(paths['/api/socials']?.get).toBeDefined();
    for (const method of ['get', 'put', 'delete']) expect(paths['/api/socials/{id}']?.[method]).toBeDefined();
    expect(paths['/api/socials/{id}/regenerate_text']?.post).toBeDefined();
    expect(paths['/api/socials/{id}/regenerate_image']?.post).toBeDefined();
    expect(paths['/api/socials/{id}/image']?.get).toBeDefined();
  });
});
