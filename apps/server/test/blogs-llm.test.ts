import {
  type LlmStandIn,
  STAND_IN_META,
  STAND_IN_OUTLINE,
  standInLlmEnv,
  standInRewriteHtml,
  standInSectionHtml,
  standInTopicTitle,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiUsage } from '../src/db/schema';
import { getBlog, waitFor, withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/** Blogs written by the LLM writer against the local OpenAI-compatible stand-in, as configured by env. */
const KEY = 'sk-blogs-stand-in';
let h: Harness;
let standIn: LlmStandIn;
let user: SeededUser;
beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: KEY });
  h = await startHarness({
    engine: false,
    env: standInLlmEnv(standIn, KEY),
  });
  user = await seedUser(h);
  await withWebsite(h, user.user.id);
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.setMode('normal');
  standIn.requests.length = 0;
});

const tokensOf = async (itemId: number) => {
  const rows = await h.deps.db.select().from(aiUsage).where(eq(aiUsage.itemId, itemId));
  return {
    calls: rows.length,
    prompt: rows.reduce((sum, row) => sum + row.promptTokens, 0),
    completion: rows.reduce((sum, row) => sum + row.completionTokens, 0),
  };
};

describe('blogs with an AI model', () => {
  it('suggests topics written by the model', async () => {
    const response = await h.call('POST', '/api/blogs/topics', {
      token: user.accessToken,
      body: { count: 2 },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.writer).toBe('llm');
    expect(answer.fallback_reason).toBeNull();
    expect(answer.topics.map((topic: { title: string }) => topic.title)).toEqual([
      standInTopicTitle(1),
      standInTopicTitle(2),
    ]);
  });

  it('writes a post in the job, with the tokens of every call on the post', async () => {
    const { blog } = (
      await h.call('POST', '/api/blogs', {
        token: user.accessToken,
        body: { topic: 'Scheduling for clinics', keywords: ['no-shows'], length: 'short' },
      })
    ).json();
    expect(blog.writer).toBe('llm');
    await waitFor(async () => (await getBlog(h, user, blog.id)).status === 'ready', 20_000, 'ready');
    const ready = await getBlog(h, user, blog.id);
    expect(ready).toMatchObject({
      writer: 'llm',
      meta_description: STAND_IN_META,
      outline: STAND_IN_OUTLINE,
    });
    expect(ready.sections.map((section) => section.heading)).toEqual(STAND_IN_OUTLINE);
    expect(ready.body_html).toContain(`<h2>Why it matters</h2>${standInSectionHtml('Why it matters', 150)}`);
    // The post carries what its calls cost, as recorded per call.
    const used = await tokensOf(blog.id);
    expect(used.calls).toBeGreaterThan(0);
    expect(ready.prompt_tokens).toBe(used.prompt);
    expect(ready.completion_tokens).toBe(used.completion);

    const rewritten = await h.call('POST', `/api/blogs/${blog.id}/regenerate_section`, {
      token: user.accessToken,
      body: { section_index: 1 },
    });
    expect(rewritten.statusCode).toBe(200);
    expect(rewritten.json().blog.body_html).toContain(
      `<h2>How to start</h2>${standInRewriteHtml('How to start')}`,
    );
    const after = await tokensOf(blog.id);
    expect(after.calls).toBe(used.calls + 1);
    expect(rewritten.json().blog.completion_tokens).toBe(after.completion);
  });

  it('a post the model keeps writing far too short is kept, shown as needing review with both lengths', async () => {
    standIn.setMode('short-sections');
    const { blog } = (
      await h.call('POST', '/api/blogs', {
        token: user.accessToken,
        body: { topic: 'Scheduling for clinics', keywords: [], length: 'medium' },
      })
    ).json();
    await waitFor(async () => (await getBlog(h, user, blog.id)).status === 'ready', 20_000, 'ready');
    const ready = await getBlog(h, user, blog.id);
    // Four sections, each fitted once (blog_fit) and still about 25 words.
    expect(standIn.requests.filter((request) => request.task === 'blog_fit')).toHaveLength(4);
    expect(ready.word_count).toBeLessThan(900);
    expect(ready.review).toEqual([`It has about ${ready.word_count} words; about 1,200 were asked for.`]);
    const list = (await h.call('GET', '/api/blogs?page=1', { token: user.accessToken })).json();
    expect(list.blogs.find((card: { id: number }) => card.id === blog.id).review).toEqual(ready.review);

    // The author writes it out to length: the note goes.
    const longer = `${ready.body_html}<p>${'More of what the author knows. '.repeat(180)}</p>`;
    const saved = await h.call('PUT', `/api/blogs/${blog.id}`, {
      token: user.accessToken,
      body: { title: ready.title, body_html: longer },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().blog.review).toEqual([]);
  });

  it('a model that fails falls back to the offline writer, said on the post', async () => {
    standIn.setMode('unavailable');
    const { blog } = (
      await h.call('POST', '/api/blogs', { token: user.accessToken, body: { topic: 'Fallback post' } })
    ).json();
    await waitFor(async () => (await getBlog(h, user, blog.id)).status === 'ready', 30_000, 'ready');
    const ready = await getBlog(h, user, blog.id);
    expect(ready.writer).toBe('offline');
    expect(ready.fallback_reason).toEqual(expect.any(String));
    expect(ready.body_html).toMatch(/<h2>/);
    const listed = (await h.call('GET', '/api/blogs', { token: user.accessToken })).json();
    expect(listed.writer).toBe('llm');
  });
});
