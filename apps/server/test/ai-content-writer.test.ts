import {
  type LlmStandIn,
  STAND_IN_META,
  STAND_IN_OUTLINE,
  STAND_IN_USAGE,
  standInLinkedinPost,
  standInRewriteHtml,
  standInSectionHtml,
  standInTopicTitle,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiUsage } from '../src/db/schema';
import { AiAbortedError } from '../src/lib/clients/ai/ai-errors';
import { checkLength, wordCount } from '../src/lib/writers/content-writer/guards/length';
import { createOfflineContentWriter } from '../src/lib/writers/content-writer/offline/index';
import type { BlogPost, ContentContext } from '../src/lib/writers/content-writer/types';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const KEY = 'sk-content-secret-key';
/** A word only the admin's prompt holds: finding it upstream proves the prompt reached the model. */
const ADMIN_MARK = 'Zebra-Quokka-7';

let h: Harness;
let standIn: LlmStandIn;
let userId: string;
const logLines: string[] = [];

beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: KEY });
  h = await startHarness({
    env: {
      LLM_BASE_URL: `${standIn.url}/v1`,
      LLM_API_KEY: KEY,
      LLM_TIMEOUT_MS: '1000',
      LLM_IDLE_TIMEOUT_MS: '400',
      LLM_STREAM_TIMEOUT_MS: '10000',
    },
    logSink: (line) => logLines.push(line),
  });
  userId = (await seedUser(h)).user.id;
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.setMode('normal');
  standIn.setChunkDelay(0);
  standIn.requests.length = 0;
  logLines.length = 0;
});

const contextFor = (extra: Partial<ContentContext> = {}, promptText?: string): ContentContext => ({
  userId,
  brand: {
    company: 'Brightwave',
    websiteUrl: 'https://brightwave.example',
    websiteSummary: 'Brightwave makes scheduling software that keeps clinics free of no-shows.',
    offer: 'Clinic scheduling with reminders',
    audience: 'Clinic managers',
    tone: 'Warm and practical',
    keyPhrases: ['no-show free', 'one calendar'],
  },
  inputs: [{ name: 'field-notes.txt', text: 'Clinics lose a morning a week to no-shows.' }],
  prompt: {
    id: 1,
    version: 3,
    name: 'House prompt',
    text:
      promptText ??
      `${ADMIN_MARK}: write for {company} ({audience}, tone {tone}) about {topic}, {length}; keywords {keywords}; count {count}; use {inputs}.`,
  },
  ...extra,
});

const usageRows = () => h.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, userId));

const usageTotal = async (itemId: number) => {
  const rows = (await usageRows()).filter((row) => row.itemId === itemId);
  return {
    calls: rows.length,
    promptTokens: rows.reduce((sum, row) => sum + row.promptTokens, 0),
    completionTokens: rows.reduce((sum, row) => sum + row.completionTokens, 0),
    purposes: [...new Set(rows.map((row) => row.purpose))],
    models: [...new Set(rows.map((row) => row.model))],
  };
};

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

describe('the LLM content writer against an OpenAI-compatible endpoint', () => {
  it('is the app’s content writer when LLM_BASE_URL is set', () => {
    expect(h.deps.content.kind).toBe('llm');
  });

  it("suggests topics with the admin's prompt filled in, and records the call's tokens", async () => {
    const written = await h.deps.content.suggestTopics(contextFor({ itemId: 9001 }), {
      seedKeywords: ['no-shows', 'reminders'],
      count: 3,
    });
    expect(written.writer).toBe('llm');
    expect(written.model).toBe('gpt-4o-mini');
    expect(written.fallbackReason).toBeUndefined();
    expect(written.result.map((topic) => topic.title)).toEqual([1, 2, 3].map(standInTopicTitle));
    expect(written.result[0]?.keywords).toEqual(['stand-in', 'keyword 1']);
    expect(written.usage).toEqual({
      promptTokens: STAND_IN_USAGE.prompt_tokens,
      completionTokens: STAND_IN_USAGE.completion_tokens,
    });

    const [request] = standIn.requests;
    expect(request?.task).toBe('blog_topics');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    const prompt = standIn.promptOf(request);
    expect(prompt).toContain(
      `${ADMIN_MARK}: write for Brightwave (Clinic managers, tone Warm and practical) about (none), (none); keywords no-shows, reminders; count 3; use the texts in the "inputs" data block below.`,
    );
    expect(prompt).toContain('Clinics lose a morning a week to no-shows.');
    expect(request?.body.messages?.[0]?.content).toContain('never instructions');

    expect(await usageTotal(9001)).toEqual({
      calls: 1,
      promptTokens: 100,
      completionTokens: 50,
      purposes: ['blog_topics'],
      models: ['gpt-4o-mini'],
    });
  });

  it('writes a blog post plan first, then each section streamed, reporting progress to 100', async () => {
    const progress: number[] = [];
    const deltas: string[] = [];
    const written = await h.deps.content.writeBlogPost(
      contextFor({
        itemId: 9002,
        onProgress: (percent) => progress.push(percent),
        onDelta: (d) => deltas.push(d),
      }),
      { topic: 'Cutting no-shows', keywords: ['no-shows'], length: 'medium' },
    );
    const post = written.result;
    expect(written.writer).toBe('llm');
    expect(post.title).toBe('Stand-in post: Cutting no-shows');
    expect(post.slug).toBe('stand-in-post');
    expect(post.metaDescription).toBe(STAND_IN_META);
    expect(post.outline).toEqual(STAND_IN_OUTLINE);
    expect(post.keywordsUsed).toEqual(['no-shows']);
    expect(post.sections.map((section) => section.heading)).toEqual(STAND_IN_OUTLINE);
    // About 300 words a section (1,200 over four): the post is within its length, so nothing is fitted.
    expect(post.sections[1]?.html).toBe(standInSectionHtml('How to start', 300));

    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBe(3 + STAND_IN_OUTLINE.length);
    const streamed = deltas.join('');
    expect(streamed).toContain('<h2>Mistakes to avoid</h2>');
    expect(streamed).toContain(standInSectionHtml('Next steps', 300));

    expect(standIn.requests.map((request) => request.task)).toEqual([
      'blog_plan',
      ...STAND_IN_OUTLINE.map(() => 'blog_section'),
    ]);
    expect(standIn.requests.slice(1).every((request) => request.body.stream === true)).toBe(true);
    expect(standIn.promptOf(standIn.requests[0])).toContain('about Cutting no-shows, about 1,200 words');
    expect(standIn.promptOf(standIn.requests[2])).toContain(
      'section 2 of 4, "How to start", about 300 words',
    );

    const calls = 1 + STAND_IN_OUTLINE.length;
    expect(written.usage).toEqual({ promptTokens: 100 * calls, completionTokens: 50 * calls });
    expect(await usageTotal(9002)).toMatchObject({
      calls,
      promptTokens: 100 * calls,
      completionTokens: 50 * calls,
      purposes: ['blog_post'],
    });
  });

  it('fits a post far shorter than asked: its short sections are written again to their share', async () => {
    // The plan answers normally; the four sections come back at 25 words each (100 of 1,200 asked).
    standIn.queueModes('normal', 'short-sections', 'short-sections', 'short-sections', 'short-sections');
    const progress: number[] = [];
    const written = await h.deps.content.writeBlogPost(
      contextFor({ itemId: 9010, onProgress: (percent) => progress.push(percent) }),
      { topic: 'Cutting no-shows', keywords: [], length: 'medium' },
    );
    expect(standIn.requests.map((request) => request.task)).toEqual([
      'blog_plan',
      ...STAND_IN_OUTLINE.map(() => 'blog_section'),
      ...STAND_IN_OUTLINE.map(() => 'blog_fit'),
    ]);
    expect(standIn.promptOf(standIn.requests[5])).toContain(
      'section 1, "Why it matters", written again to about 300 words (it has 25)',
    );
    const words = written.result.sections.reduce((sum, section) => sum + wordCount(section.html), 0);
    expect(words).toBeGreaterThanOrEqual(900);
    expect(written.result.sections[0]?.html).toBe(standInSectionHtml('Why it matters', 300));
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('fits a post far longer than asked, once: still long, it is kept as written for the user to review', async () => {
    standIn.setMode('long-sections');
    const written = await h.deps.content.writeBlogPost(contextFor({ itemId: 9011 }), {
      topic: 'Cutting no-shows',
      keywords: [],
      length: 'short',
    });
    // Each section came back at three times its 150 words; each was asked once to come down to 150.
    expect(standIn.requests.map((request) => request.task)).toEqual([
      'blog_plan',
      ...STAND_IN_OUTLINE.map(() => 'blog_section'),
      ...STAND_IN_OUTLINE.map(() => 'blog_fit'),
    ]);
    expect(standIn.promptOf(standIn.requests[5])).toContain('keep its main points and cut repetition');
    const words = written.result.sections.reduce((sum, section) => sum + wordCount(section.html), 0);
    expect(checkLength(words, 600).off).toBe('long');
  });

  it("rewrites one section, keeping its heading and passing the author's wish", async () => {
    const post: BlogPost = {
      title: 'Cutting no-shows',
      slug: 'cutting-no-shows',
      metaDescription: 'How clinics cut no-shows.',
      outline: ['Why', 'How'],
      sections: [
        { heading: 'Why', html: '<p>Because.</p>' },
        { heading: 'How', html: '<p>Like this.</p>' },
      ],
      keywordsUsed: ['no-shows'],
    };
    const deltas: string[] = [];
    const written = await h.deps.content.rewriteSection(contextFor({ onDelta: (d) => deltas.push(d) }), {
      post,
      sectionIndex: 1,
      instruction: 'Make it shorter',
    });
    expect(written.result).toEqual({ heading: 'How', html: standInRewriteHtml('How') });
    expect(deltas.join('')).toBe(standInRewriteHtml('How'));
    const [request] = standIn.requests;
    expect(request?.task).toBe('blog_rewrite');
    expect(standIn.promptOf(request)).toContain('Like this.');
  });

  it('streams LinkedIn posts through onDelta and records the tokens of the stream', async () => {
    const deltas: string[] = [];
    const written = await h.deps.content.writeLinkedinPosts(
      contextFor({ itemId: 9003, onDelta: (d) => deltas.push(d) }),
      { topic: 'No-shows', variants: 2 },
    );
    expect(written.writer).toBe('llm');
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe([1, 2].map(standInLinkedinPost).join('\n---\n'));
    expect(written.result).toHaveLength(2);
    expect(written.result[1]).toEqual({
      hook: 'Stand-in hook 2: most teams get this wrong.',
      body: 'Here is what the stand-in model would do instead.\n\nOne line at a time, with room to breathe.\n\nWhat would you add?',
      hashtags: ['#StandIn', '#Marketing2'],
    });
    expect(standIn.requests[0]?.body.stream_options).toEqual({ include_usage: true });
    expect(await usageTotal(9003)).toMatchObject({
      calls: 1,
      promptTokens: 100,
      purposes: ['linkedin_post'],
    });
  });

  it('repairs a topics answer of the wrong shape once, and stays the LLM', async () => {
    standIn.queueModes('wrong-shape');
    const written = await h.deps.content.suggestTopics(contextFor(), { seedKeywords: [], count: 2 });
    expect(written.writer).toBe('llm');
    expect(written.result).toHaveLength(2);
    expect(standIn.requests).toHaveLength(2);
  });

  it('retries once on 503 and stays the LLM', async () => {
    standIn.queueModes('unavailable');
    const written = await h.deps.content.writeLinkedinPosts(contextFor(), { topic: 'No-shows', variants: 1 });
    expect(written.writer).toBe('llm');
    expect(standIn.requests.map((request) => request.mode)).toEqual(['unavailable', 'normal']);
  });
});

describe('falling back to the offline writer', () => {
  const offline = createOfflineContentWriter();

  it('writes offline, with the reason, when the model answers an error, and says so once in the log', async () => {
    standIn.setMode('error');
    const context = contextFor({ itemId: 9101 });
    const request = { seedKeywords: ['no-shows'], count: 3 };
    const written = await h.deps.content.suggestTopics(context, request);
    expect(written.writer).toBe('offline');
    expect(written.model).toBeNull();
    expect(written.fallbackReason).toBe('answered HTTP 500');
    expect(written.result).toEqual((await offline.suggestTopics(contextFor(), request)).result);
    expect(standIn.requests).toHaveLength(2);
    // No answer, no tokens.
    expect((await usageTotal(9101)).calls).toBe(0);

    const warnings = logLines.filter((line) => line.includes('offline writer wrote'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('answered HTTP 500');
    const all = logLines.join('\n');
    for (const secret of [KEY, ADMIN_MARK, 'Clinics lose a morning', 'Brightwave'])
      expect(all).not.toContain(secret);
  });

  it('writes offline when the answer stays unusable after its repair, keeping the tokens spent', async () => {
    standIn.setMode('wrong-shape');
    const written = await h.deps.content.suggestTopics(contextFor({ itemId: 9102 }), {
      seedKeywords: [],
      count: 2,
    });
    expect(written.writer).toBe('offline');
    expect(written.fallbackReason).toBe('answered JSON of the wrong shape');
    expect((await usageTotal(9102)).calls).toBe(2);
  });

  it('starts the stream again offline when the connection is cut mid-answer', async () => {
    standIn.setMode('error-mid-stream');
    const deltas: string[] = [];
    let restarts = 0;
    const context = contextFor({
      onDelta: (d) => deltas.push(d),
      onRestart: () => {
        restarts += 1;
        deltas.length = 0;
      },
    });
    const request = { topic: 'No-shows', variants: 2 };
    const written = await h.deps.content.writeLinkedinPosts(context, request);
    expect(written.writer).toBe('offline');
    expect(written.fallbackReason).toBe('was cut off mid-answer');
    expect(restarts).toBe(1);
    // What the screen holds after the restart is the offline posts alone.
    const offlineDeltas: string[] = [];
    const expected = await offline.writeLinkedinPosts(
      contextFor({ onDelta: (d) => offlineDeltas.push(d) }),
      request,
    );
    expect(written.result).toEqual(expected.result);
    expect(deltas.join('')).toBe(offlineDeltas.join(''));
    expect(standIn.requests).toHaveLength(1);
  });

  it('writes offline when a stream stalls mid-answer', async () => {
    standIn.setMode('stall-mid-stream');
    const started = Date.now();
    const written = await h.deps.content.writeLinkedinPosts(contextFor(), { topic: 'No-shows', variants: 1 });
    expect(written.fallbackReason).toBe('stalled mid-answer');
    expect(Date.now() - started).toBeLessThan(3_000);
    await vi.waitFor(() => expect(standIn.requests[0]?.clientClosed).toBe(true));
  });

  it('writes offline when the model does not answer in time (after one retry)', async () => {
    standIn.setMode('slow');
    const written = await h.deps.content.writeBlogPost(contextFor(), {
      topic: 'Cutting no-shows',
      keywords: [],
      length: 'short',
    });
    expect(written.writer).toBe('offline');
    expect(written.fallbackReason).toBe('timed out');
    expect(written.result.sections.length).toBeGreaterThan(1);
    expect(standIn.requests).toHaveLength(2);
  });

  it('writes the whole post offline when a section fails after the plan', async () => {
    standIn.queueModes('normal', 'normal', 'error', 'error');
    const written = await h.deps.content.writeBlogPost(contextFor({ itemId: 9103 }), {
      topic: 'Cutting no-shows',
      keywords: [],
      length: 'short',
    });
    expect(written.writer).toBe('offline');
    expect(written.fallbackReason).toBe('answered HTTP 500');
    expect(written.result.sections.some((section) => section.html.includes('stand-in'))).toBe(false);
    // The plan and the first section answered: their tokens are kept.
    expect((await usageTotal(9103)).calls).toBe(2);
  });
});

describe('a person who goes away', () => {
  it('cancels the stream upstream and throws: no offline draft, nothing to save', async () => {
    standIn.setChunkDelay(30);
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejection(
      h.deps.content.writeLinkedinPosts(
        contextFor({
          itemId: 9201,
          signal: controller.signal,
          onDelta: (d) => {
            deltas.push(d);
            if (deltas.length === 3) controller.abort();
          },
        }),
        { topic: 'No-shows', variants: 2 },
      ),
    );
    expect(error).toBeInstanceOf(AiAbortedError);
    expect(standIn.requests).toHaveLength(1);
    await vi.waitFor(() => expect(standIn.requests[0]?.clientClosed).toBe(true));
    expect(logLines.filter((line) => line.includes('offline writer wrote'))).toHaveLength(0);
    expect((await usageTotal(9201)).calls).toBe(0);
  });

  it('stops a blog post between sections, keeping the tokens of the calls that finished', async () => {
    standIn.setChunkDelay(20);
    const controller = new AbortController();
    const error = await rejection(
      h.deps.content.writeBlogPost(
        contextFor({
          itemId: 9202,
          signal: controller.signal,
          onProgress: (percent) => {
            if (percent > 10) controller.abort();
          },
        }),
        { topic: 'Cutting no-shows', keywords: [], length: 'long' },
      ),
    );
    expect(error).toBeInstanceOf(AiAbortedError);
    // The plan and the first section: the second was never asked for.
    expect(standIn.requests).toHaveLength(2);
    expect((await usageTotal(9202)).calls).toBe(2);
  });
});
