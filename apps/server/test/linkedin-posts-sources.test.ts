import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import { type LlmStandIn, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, inputs } from '../src/db/schema';
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

const generate = (body: unknown, as: SeededUser = owner) =>
  postStream(base, '/api/linkedin-posts/generate', { token: as.accessToken, body });

type KeptPost = { id: number; source: { type: string; label: string; id: number | null } };
/** Keeps every variant the generation wrote (it saves none itself). */
const keepAll = async (events: { event: string; data: Record<string, unknown> }[]): Promise<KeptPost[]> => {
  const done = events.at(-1);
  expect(done?.event).toBe('done');
  const { variants, generation } = (done?.data ?? {}) as {
    variants: { variant: number; text: string }[];
    generation: string;
  };
  const kept: KeptPost[] = [];
  for (const { variant, text } of variants) {
    const response = await h.call('POST', '/api/linkedin-posts', {
      token: owner.accessToken,
      body: { generation, variant, text },
    });
    expect(response.statusCode, response.body).toBe(201);
    kept.push(response.json<KeptPost>());
  }
  return kept;
};

const seedInput = async (
  userId: string,
  values: { kind?: 'text' | 'image'; name: string; text?: string | null },
) => {
  const [row] = await h.deps.db
    .insert(inputs)
    .values({
      userId,
      kind: values.kind ?? 'text',
      name: values.name,
      mime: values.kind === 'image' ? 'image/png' : 'text/plain',
      sizeBytes: 100,
      text: values.text ?? null,
    })
    .returning();
  if (!row) throw new Error('no input');
  return row;
};

describe('repurposing a blog post', () => {
  it("writes from the post's own text and links each post to it (source_id)", async () => {
    const blog = await seedContentItem(h, owner.user.id, {
      kind: 'blog',
      title: 'How we cut onboarding to one day',
      body: '<h2>The problem</h2><p>Onboarding took <strong>two weeks</strong> &amp; nobody liked it.</p><h2>The fix</h2><p>A checklist with seven steps.</p>',
      writer: 'offline',
    });
    const result = await generate({ source: { type: 'blog', blog_id: blog.id }, variants: 2 });
    expect(result.events.at(-1)?.data.source).toEqual({
      type: 'blog',
      label: 'How we cut onboarding to one day',
      id: blog.id,
    });
    const posts = await keepAll(result.events);
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.source).toEqual({ type: 'blog', label: 'How we cut onboarding to one day', id: blog.id });
    }
    const prompt = llm.promptOf(llm.requests.at(-1));
    expect(prompt).toContain('Onboarding took two weeks & nobody liked it.');
    expect(prompt).toContain('A checklist with seven steps.');
    expect(prompt).not.toContain('<strong>');
    const rows = await h.deps.db.select().from(contentItems).where(eq(contentItems.sourceId, blog.id));
    expect(rows.map((row) => row.id).sort()).toEqual(posts.map((post) => post.id).sort());
  });

  it("answers 404 for another user's blog post, an unknown id, or an item that is not a blog post", async () => {
    const foreign = await seedContentItem(h, stranger.user.id, { kind: 'blog', title: 'Secret plans' });
    const notABlog = await seedContentItem(h, owner.user.id, { kind: 'blog_topic', title: 'A topic' });
    const requestsBefore = llm.requests.length;
    for (const id of [foreign.id, notABlog.id, 999_999_999]) {
      const result = await generate({ source: { type: 'blog', blog_id: id }, variants: 1 });
      expect(result.status).toBe(404);
      expect(result.json).toEqual({ error: 'not_found', message: LINKEDIN_POST_MESSAGES.blogNotFound });
    }
    expect(llm.requests.length).toBe(requestsBefore);
  });

  it('refuses a blog post still being written (409)', async () => {
    const writing = await seedContentItem(h, owner.user.id, { kind: 'blog', status: 'generating', body: '' });
    const result = await generate({ source: { type: 'blog', blog_id: writing.id }, variants: 1 });
    expect(result.status).toBe(409);
    expect((result.json as { message: string }).message).toBe(LINKEDIN_POST_MESSAGES.blogNotReady);
  });
});

describe('writing from an input', () => {
  it("writes from the input's text and keeps it in input_ids", async () => {
    const input = await seedInput(owner.user.id, {
      name: 'Customer interview notes',
      text: 'Customers said setup was the hardest part.',
    });
    const result = await generate({ source: { type: 'input', input_id: input.id }, variants: 1 });
    const [post] = await keepAll(result.events);
    expect(post?.source).toEqual({ type: 'input', label: 'Customer interview notes', id: input.id });
    expect(llm.promptOf(llm.requests.at(-1))).toContain('Customers said setup was the hardest part.');
    const [row] = await h.deps.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.id, post?.id ?? 0));
    expect(row).toMatchObject({ sourceId: null, inputIds: [input.id] });
  });

  it("refuses another user's input (404), an image (400) and an empty text (400)", async () => {
    const foreign = await seedInput(stranger.user.id, { name: 'Theirs', text: 'Private notes' });
    const image = await seedInput(owner.user.id, { kind: 'image', name: 'logo.png' });
    const empty = await seedInput(owner.user.id, { name: 'Empty', text: '   ' });
    const cases: [number, number, string][] = [
      [foreign.id, 404, LINKEDIN_POST_MESSAGES.inputNotFound],
      [image.id, 400, LINKEDIN_POST_MESSAGES.inputNotText],
      [empty.id, 400, LINKEDIN_POST_MESSAGES.emptySource],
    ];
    for (const [id, status, message] of cases) {
      const result = await generate({ source: { type: 'input', input_id: id }, variants: 1 });
      expect(result.status).toBe(status);
      expect((result.json as { message: string }).message).toBe(message);
    }
  });

  it("refuses another user's input among the grounding inputs (404) before writing anything", async () => {
    const foreign = await seedInput(stranger.user.id, { name: 'Theirs too', text: 'Private' });
    const before = (await h.deps.db.select().from(contentItems).where(eq(contentItems.userId, owner.user.id)))
      .length;
    const result = await generate({
      source: { type: 'topic', topic: 'Anything' },
      variants: 1,
      input_ids: [foreign.id],
    });
    expect(result.status).toBe(404);
    const after = (await h.deps.db.select().from(contentItems).where(eq(contentItems.userId, owner.user.id)))
      .length;
    expect(after).toBe(before);
  });
});
