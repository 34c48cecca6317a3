import { LINKEDIN_POST_MAX, LINKEDIN_POST_MESSAGES, type TLinkedinPost } from '@sales-assist/contract';
import { type LlmStandIn, standInLinkedinPost, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, contentItems } from '../src/db/schema';
import { readReceipt, signReceipt } from '../src/modules/linkedin-posts/generation-receipt';
import { withWebsite } from './support/blog-factories';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';

let h: Harness;
let llm: LlmStandIn;
let base: string;
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  llm = await startLlmStandIn();
  h = await startHarness({ engine: false, env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_API_KEY: 'test-key' } });
  base = await listen(h);
  owner = await seedUser(h);
  stranger = await seedUser(h);
  await withWebsite(h, owner.user.id);
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

type Done = {
  variants: { variant: number; text: string }[];
  generation: string;
  source: { type: string; label: string; id: number | null };
};

const generate = async (source: unknown, variants = 3): Promise<Done> => {
  const result = await postStream(base, '/api/linkedin-posts/generate', {
    token: owner.accessToken,
    body: { source, variants },
  });
  const done = result.events.at(-1);
  expect(done?.event, JSON.stringify(done)).toBe('done');
  return done?.data as unknown as Done;
};

const keep = (body: unknown, as: SeededUser = owner) =>
  h.call('POST', '/api/linkedin-posts', { token: as.accessToken, body });

const postsOf = (userId: string) =>
  h.deps.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.userId, userId), eq(contentItems.kind, 'linkedin_post')));

const aiRequestsUsed = async (): Promise<number> =>
  (await h.call('GET', '/api/plan_usage', { token: owner.accessToken })).json().ai_requests.used;

describe('a generation saves nothing; keeping a variant saves that one post', () => {
  it('three variants written → no post; one kept → one post in the list and History, charged once', async () => {
    const usedBefore = await aiRequestsUsed();
    const usageRowsBefore = (await h.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, owner.user.id)))
      .length;
    const done = await generate({ type: 'topic', topic: 'Why small teams win' });
    expect(done.variants).toHaveLength(3);
    // A click used to leave three drafts behind: it leaves none now.
    expect(await postsOf(owner.user.id)).toEqual([]);
    // The model's request is what the budget counts, once for the generation.
    expect(await aiRequestsUsed()).toBe(usedBefore + 1);

    const kept = await keep({ generation: done.generation, variant: 1, text: done.variants[1]?.text });
    expect(kept.statusCode, kept.body).toBe(201);
    const post = kept.json<TLinkedinPost>();
    expect(post).toMatchObject({
      text: standInLinkedinPost(2),
      hook: 'Stand-in hook 2: most teams get this wrong.',
      hashtags: ['#StandIn', '#Marketing2'],
      status: 'draft',
      writer: 'llm',
      model: 'gpt-4o-mini',
      source: { type: 'topic', label: 'Why small teams win', id: null },
      // The stand-in reports 100 prompt and 50 completion tokens a call: variant 2 of 3 gets its share.
      prompt_tokens: 33,
      completion_tokens: 17,
    });
    // Keeping calls no model and is not charged again.
    expect(await aiRequestsUsed()).toBe(usedBefore + 1);
    expect((await h.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, owner.user.id))).length).toBe(
      usageRowsBefore + 1,
    );

    const rows = await postsOf(owner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: post.id, status: 'ready', writer: 'llm', sourceId: null });
    expect(rows[0]?.promptId).not.toBeNull();
    expect(rows[0]?.data).toMatchObject({ status: 'draft', variant: 1, variants: 3 });

    const list = (await h.call('GET', '/api/linkedin-posts', { token: owner.accessToken })).json();
    expect(list).toMatchObject({ total: 1 });
    expect(list.posts.map((one: TLinkedinPost) => one.id)).toEqual([post.id]);
    const history = (
      await h.call('GET', '/api/history?kind=linkedin_post', { token: owner.accessToken })
    ).json();
    expect(history.items.map((item: { id: number }) => item.id)).toEqual([post.id]);
  });

  it('keeps the person’s edit of a variant, hook and hashtags read from it', async () => {
    const done = await generate({ type: 'topic', topic: 'Edited before keeping' }, 2);
    const text = 'My own hook\r\n\r\nA body I rewrote. #Sales';
    const kept = await keep({ generation: done.generation, variant: 0, text });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({
      text: 'My own hook\n\nA body I rewrote. #Sales',
      hook: 'My own hook',
      hashtags: ['#Sales'],
      prompt_tokens: 50,
      completion_tokens: 25,
    });
  });

  it('keeping one variant twice (a retry, a double click, at once or not) saves it once', async () => {
    const done = await generate({ type: 'topic', topic: 'Kept twice' }, 2);
    const body = { generation: done.generation, variant: 0, text: done.variants[0]?.text };
    const [first, second] = await Promise.all([keep(body), keep(body)]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 201]);
    expect(first?.json().id).toBe(second?.json().id);
    const again = await keep(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first?.json().id);
    // The other variant is still there to keep, as a post of its own.
    const other = await keep({ generation: done.generation, variant: 1, text: done.variants[1]?.text });
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first?.json().id);
    const rows = (await postsOf(owner.user.id)).filter(
      (row) =>
        (row.data as { generation?: string }).generation ===
        readReceipt(h.deps.config.jwtSecret, done.generation)?.id,
    );
    expect(rows).toHaveLength(2);
  });
});

describe('what a kept post was made from', () => {
  it('a repurposed blog post: the kept post names it (source_id, History’s “made from”)', async () => {
    const blog = await seedContentItem(h, owner.user.id, {
      kind: 'blog',
      status: 'ready',
      title: 'How we cut onboarding to one day',
      body: '<p>Onboarding took two weeks.</p><p>A checklist fixed it.</p>',
    });
    const done = await generate({ type: 'blog', blog_id: blog.id }, 2);
    expect(done.source).toEqual({ type: 'blog', label: blog.title, id: blog.id });
    const kept = await keep({ generation: done.generation, variant: 0, text: done.variants[0]?.text });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().source).toEqual({ type: 'blog', label: blog.title, id: blog.id });
    const rows = await h.deps.db.select().from(contentItems).where(eq(contentItems.sourceId, blog.id));
    expect(rows.map((row) => row.id)).toEqual([kept.json().id]);
    const history = (
      await h.call('GET', '/api/history?kind=linkedin_post&q=', { token: owner.accessToken })
    ).json();
    const item = history.items.find((one: { id: number }) => one.id === kept.json().id);
    expect(item).toMatchObject({ source_id: blog.id, source_title: blog.title });
  });

  it('a source deleted since the writing answers 404 and keeps nothing', async () => {
    const blog = await seedContentItem(h, owner.user.id, {
      kind: 'blog',
      status: 'ready',
      title: 'Soon gone',
    });
    const done = await generate({ type: 'blog', blog_id: blog.id }, 1);
    await h.call('DELETE', `/api/history/${blog.id}`, { token: owner.accessToken });
    const before = (await postsOf(owner.user.id)).length;
    const kept = await keep({ generation: done.generation, variant: 0, text: done.variants[0]?.text });
    expect(kept.statusCode).toBe(404);
    expect(kept.json()).toEqual({ error: 'not_found', message: LINKEDIN_POST_MESSAGES.blogNotFound });
    expect((await postsOf(owner.user.id)).length).toBe(before);
  });

  it('never takes a source the caller does not own, even in a receipt signed by the server', async () => {
    const theirs = await seedContentItem(h, stranger.user.id, {
      kind: 'blog',
      status: 'ready',
      title: 'Secret',
    });
    const done = await generate({ type: 'topic', topic: 'Anything' }, 1);
    const receipt = readReceipt(h.deps.config.jwtSecret, done.generation);
    if (!receipt) throw new Error('the receipt did not read back');
    const pointing = signReceipt(h.deps.config.jwtSecret, {
      ...receipt,
      source: { type: 'blog', label: 'Secret', id: theirs.id },
    });
    const kept = await keep({ generation: pointing, variant: 0, text: 'A post' });
    expect(kept.statusCode).toBe(404);
    expect(kept.json().message).toBe(LINKEDIN_POST_MESSAGES.blogNotFound);
    const input = signReceipt(h.deps.config.jwtSecret, {
      ...receipt,
      source: { type: 'input', label: 'x', id: 999_999_999 },
    });
    expect((await keep({ generation: input, variant: 0, text: 'A post' })).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('answers another user’s generation 404, an altered or made-up one 400, and checks the text', async () => {
    const done = await generate({ type: 'topic', topic: 'Refusals' }, 2);
    const before = (await postsOf(owner.user.id)).length;
    const text = done.variants[0]?.text ?? '';

    const foreign = await keep({ generation: done.generation, variant: 0, text }, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      error: 'not_found',
      message: LINKEDIN_POST_MESSAGES.generationNotFound,
    });
    expect(await postsOf(stranger.user.id)).toEqual([]);

    const [body, signature] = done.generation.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    const altered = Buffer.from(
      JSON.stringify({ ...payload, tokens: { prompt: 0, completion: 0 } }),
    ).toString('base64url');
    const cases: [unknown, string | null][] = [
      [{ generation: `${altered}.${signature}`, variant: 0, text }, LINKEDIN_POST_MESSAGES.receiptInvalid],
      [{ generation: 'not-a-receipt', variant: 0, text }, LINKEDIN_POST_MESSAGES.receiptInvalid],
      [{ generation: `${body}.${signature}.x`, variant: 0, text }, LINKEDIN_POST_MESSAGES.receiptInvalid],
      [{ generation: done.generation, variant: 2, text }, LINKEDIN_POST_MESSAGES.variantNotFound],
      [{ generation: done.generation, variant: 3, text }, null],
      [{ generation: done.generation, variant: -1, text }, null],
      [{ generation: done.generation, variant: 0, text: '  \n ' }, LINKEDIN_POST_MESSAGES.textRequired],
      [
        { generation: done.generation, variant: 0, text: 'x'.repeat(LINKEDIN_POST_MAX + 1) },
        LINKEDIN_POST_MESSAGES.tooLong,
      ],
      [{ generation: done.generation, variant: 0 }, null],
      [{ variant: 0, text }, null],
      [[], null],
    ];
    for (const [payloadBody, message] of cases) {
      const response = await keep(payloadBody);
      expect(response.statusCode, JSON.stringify(payloadBody).slice(0, 200)).toBe(400);
      expect(response.json().error).toBe('validation_error');
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await postsOf(owner.user.id)).length).toBe(before);
    expect((await h.call('POST', '/api/linkedin-posts', { body: { variant: 0 } })).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('describes the keep call with its answers, and no model budget on it', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const responses = Object.keys(paths['/api/linkedin-posts']?.post?.responses ?? {});
    expect(responses).toEqual(expect.arrayContaining(['200', '201', '400', '401', '404']));
    expect(responses).not.toContain('429');
  });
});
