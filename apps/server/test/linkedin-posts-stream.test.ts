import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import { type LlmStandIn, standInLinkedinPost, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { waitFor, withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream, type SseEvent } from './support/sse-client';

let h: Harness;
let llm: LlmStandIn;
let base: string;
let user: SeededUser;

beforeAll(async () => {
  llm = await startLlmStandIn();
  h = await startHarness({
    engine: false,
    env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_API_KEY: 'test-key', LLM_TIMEOUT_MS: '5000' },
  });
  base = await listen(h);
  user = await seedUser(h);
  await withWebsite(h, user.user.id);
});
afterAll(async () => {
  await h.close();
  await llm.close();
});
beforeEach(() => {
  llm.setMode('normal');
  llm.setChunkDelay(0);
});

const generate = (body: unknown, onEvent?: (event: SseEvent, abort: () => void) => void) =>
  postStream(base, '/api/linkedin-posts/generate', {
    token: user.accessToken,
    body,
    ...(onEvent ? { onEvent } : {}),
  });

const postsOf = async (userId: string) =>
  h.deps.db.select().from(contentItems).where(eq(contentItems.userId, userId));

/** Each variant's streamed text, put back together from its deltas. */
const streamedTexts = (events: SseEvent[]): string[] => {
  const texts: string[] = [];
  for (const { event, data } of events) {
    if (event !== 'delta') continue;
    const variant = data.variant as number;
    texts[variant] = (texts[variant] ?? '') + (data.text as string);
  }
  return texts;
};

describe('POST /api/linkedin-posts/generate streams the writing', () => {
  it('sends start, each variant’s deltas in order, then done with the variants, saving none', async () => {
    const result = await generate({ source: { type: 'topic', topic: 'Why small teams win' }, variants: 3 });
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('text/event-stream; charset=utf-8');
    const names = result.events.map((event) => event.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    expect(names.slice(1, -1).every((name) => name === 'delta')).toBe(true);
    expect(result.events[0]?.data).toEqual({ variants: 3, writer: 'llm', model: null });
    // Many small deltas, variant 0's first, never going back to an earlier variant.
    const order = result.events.filter((e) => e.event === 'delta').map((e) => e.data.variant as number);
    expect(order.length).toBeGreaterThan(20);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(streamedTexts(result.events).map((text) => text.trim())).toEqual([
      standInLinkedinPost(1),
      standInLinkedinPost(2),
      standInLinkedinPost(3),
    ]);

    const done = result.events.at(-1)?.data as {
      variants: Record<string, unknown>[];
      generation: string;
      fallback_reason: null;
    };
    expect(done).toMatchObject({
      fallback_reason: null,
      writer: 'llm',
      model: 'gpt-4o-mini',
      source: { type: 'topic', label: 'Why small teams win', id: null },
    });
    expect(done.variants).toHaveLength(3);
    expect(done.variants.map((variant) => variant.text)).toEqual([1, 2, 3].map(standInLinkedinPost));
    expect(done.variants[0]).toEqual({
      variant: 0,
      text: standInLinkedinPost(1),
      hook: 'Stand-in hook 1: most teams get this wrong.',
      hashtags: ['#StandIn', '#Marketing1'],
      characters: standInLinkedinPost(1).length,
      review: [],
    });
    expect(done.generation).toMatch(/^[\w-]+\.[\w-]+$/);
    // Written, not saved: the person keeps the variants they want (linkedin-posts-keep.test.ts).
    expect(await postsOf(user.user.id)).toEqual([]);
    expect(llm.requests.at(-1)?.task).toBe('linkedin_posts');
    expect(llm.promptOf(llm.requests.at(-1))).toContain('Why small teams win');
  });

  it('asks again once when posts are missing or lack hashtags, and keeps the complete answer', async () => {
    llm.queueModes('missing-parts');
    const result = await generate({ source: { type: 'topic', topic: 'Why small teams win' }, variants: 2 });
    const done = result.events.at(-1)?.data as { variants: { text: string; review: string[] }[] };
    expect(llm.requests.slice(-2).map((request) => request.body.stream ?? false)).toEqual([true, false]);
    expect(llm.promptOf(llm.requests.at(-1))).toContain(
      'That answer is not complete: Only 1 of the 2 posts asked for were written. Post 1: It has no hashtags.',
    );
    expect(done.variants.map((variant) => variant.text)).toEqual([1, 2].map(standInLinkedinPost));
    expect(done.variants.map((variant) => variant.review)).toEqual([[], []]);
  });

  it('still incomplete after asking again: the better answer is kept, each post saying what it lacks', async () => {
    llm.setMode('missing-parts');
    const result = await generate({ source: { type: 'topic', topic: 'Why small teams win' }, variants: 2 });
    const done = result.events.at(-1)?.data as {
      variants: { hashtags: string[]; review: string[] }[];
      writer: string;
    };
    expect(done.writer).toBe('llm');
    expect(done.variants).toHaveLength(1);
    expect(done.variants[0]).toMatchObject({ hashtags: [], review: ['It has no hashtags.'] });
  });

  it('cancels the model call when the browser goes away mid-stream, and saves nothing', async () => {
    const before = (await postsOf(user.user.id)).length;
    llm.setChunkDelay(40);
    const requestsBefore = llm.requests.length;
    const result = await generate(
      { source: { type: 'topic', topic: 'Leaving early' }, variants: 2 },
      (event, abort) => {
        if (event.event === 'delta') abort();
      },
    );
    expect(result.aborted).toBe(true);
    expect(result.events.map((event) => event.event)).toEqual(['start', 'delta']);
    const upstream = llm.requests[requestsBefore];
    await waitFor(
      async () => upstream?.clientClosed === true,
      5_000,
      'the stand-in to see its connection closed',
    );
    // Long enough for the stream to have finished had it not been cancelled.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(llm.requests.length).toBe(requestsBefore + 1);
    expect((await postsOf(user.user.id)).length).toBe(before);
  });

  it('falls back to the offline writer when the model fails mid-answer: restart, then the offline text', async () => {
    llm.setMode('error-mid-stream');
    const result = await generate({ source: { type: 'topic', topic: 'Pricing pages' }, variants: 2 });
    const names = result.events.map((event) => event.event);
    expect(names).toContain('restart');
    expect(names.at(-1)).toBe('done');
    const afterRestart = result.events.slice(names.indexOf('restart') + 1);
    const done = result.events.at(-1)?.data as {
      variants: { text: string }[];
      writer: string;
      fallback_reason: string;
    };
    expect(done.fallback_reason).toBeTruthy();
    expect(done.writer).toBe('offline');
    expect(streamedTexts(afterRestart).map((text) => text.trim())).toEqual(
      done.variants.map((variant) => variant.text),
    );
  });

  it('answers JSON refusals before any stream opens', async () => {
    const cases: [unknown, number, string][] = [
      [{ source: { type: 'topic', topic: '   ' }, variants: 1 }, 400, LINKEDIN_POST_MESSAGES.topicRequired],
      [
        { source: { type: 'topic', topic: 'x'.repeat(301) }, variants: 1 },
        400,
        LINKEDIN_POST_MESSAGES.topicTooLong,
      ],
      [{ source: { type: 'topic', topic: 'Fine' }, variants: 4 }, 400, ''],
      [{ source: { type: 'topic', topic: 'Fine' }, variants: 0 }, 400, ''],
      [{ source: { type: 'video', topic: 'Fine' } }, 400, ''],
      [{ source: { type: 'blog', blog_id: 'abc' } }, 400, ''],
      [{ source: { type: 'blog', blog_id: 999_999_999 } }, 404, LINKEDIN_POST_MESSAGES.blogNotFound],
      [{ source: { type: 'input', input_id: 999_999_999 } }, 404, LINKEDIN_POST_MESSAGES.inputNotFound],
    ];
    const requestsBefore = llm.requests.length;
    for (const [body, status, message] of cases) {
      const result = await generate(body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      expect(result.contentType).toContain('application/json');
      if (message) expect((result.json as { message: string }).message).toBe(message);
    }
    expect(llm.requests.length).toBe(requestsBefore);
    const unsigned = await fetch(`${base}/api/linkedin-posts/generate`, { method: 'POST' });
    expect(unsigned.status).toBe(401);
  });
});
