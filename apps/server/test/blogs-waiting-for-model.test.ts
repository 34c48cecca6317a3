import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TBlogCard } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { AiAbortedError } from '../src/lib/clients/ai/ai-errors';
import { getBlog, waitFor, withWebsite } from './support/blog-factories';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { writeTinyGguf } from './support/tiny-gguf';

/**
 * A blog post written by the built-in model while the model answers someone else: the model writes one
 * answer at a time, so the post waits, and its card and editor say its place instead of "Writing… 5%".
 * The app is composed as it ships without LLM_BASE_URL, with the tests' tiny random model as its file;
 * what it writes is noise, so the test asserts the place and the post's end, not the prose.
 */
let h: Harness;
let modelDir: string;

beforeAll(async () => {
  modelDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-models-'));
  const modelFile = path.join(modelDir, 'models', 'tiny-test-model.gguf');
  await mkdir(path.dirname(modelFile), { recursive: true });
  await writeTinyGguf({ file: modelFile });
  h = await startHarness({
    engine: false,
    env: { LOCAL_MODEL_PATH: modelFile, LOCAL_MODEL_CONTEXT: '2048', LOCAL_MODEL_THREADS: '1' },
  });
});

afterAll(async () => {
  await h.close();
  await rm(modelDir, { recursive: true, force: true });
});

/** Blocks the event loop for `ms`: llama.cpp writes the next token only once its callback returns. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('a blog post waiting for the built-in model', () => {
  it('says its place while another answer holds the model, then is written and says nothing more', async () => {
    const ai = h.deps.ai;
    if (!ai || ai !== h.deps.localModel?.client) throw new Error('the built-in model does not serve');
    const user = await seedUser(h);
    await withWebsite(h, user.user.id);

    // Another answer holds the model: each piece it writes waits 20 ms (at most 1,024 tokens, so up to
    // ~20 s), leaving the event loop free between pieces for the job and the calls, until it is aborted.
    const hold = new AbortController();
    let pieces = 0;
    const busy = ai.streamText({
      messages: [{ role: 'user', content: 'Keep the model busy.' }],
      signal: hold.signal,
      onDelta: () => {
        pieces += 1;
        pause(20);
      },
    });
    await waitFor(async () => pieces > 0, 15_000, 'the model to start the other answer');

    const started = await h.call('POST', '/api/blogs', {
      token: user.accessToken,
      body: { topic: 'Scheduling for clinics', keywords: ['no-shows'], length: 'short' },
    });
    expect(started.statusCode).toBe(202);
    const { blog } = started.json<{ blog: { id: number; waiting_for_model: number | null } }>();
    expect(blog.waiting_for_model).toBeNull();

    // The job's first model call joins the line behind the answer being written: it is next.
    await waitFor(
      async () => (await getBlog(h, user, blog.id)).waiting_for_model === 1,
      15_000,
      'the post to wait for the model',
    );
    const waiting = await getBlog(h, user, blog.id);
    expect(waiting).toMatchObject({ status: 'generating', waiting_for_model: 1 });
    // The grid's card says the same.
    const page = (await h.call('GET', '/api/blogs?page=1', { token: user.accessToken })).json<{
      blogs: TBlogCard[];
    }>();
    expect(page.blogs.find((card) => card.id === blog.id)?.waiting_for_model).toBe(1);
    // The hold was still writing when the place was read (it did not end on its own first).
    expect(h.deps.localModel?.status()).toMatchObject({ busy: true, waiting: 1 });

    // The other answer goes: the post's turn comes, its place is cleared, and it is written.
    hold.abort();
    await expect(busy).rejects.toBeInstanceOf(AiAbortedError);
    await waitFor(
      async () => (await getBlog(h, user, blog.id)).status !== 'generating',
      60_000,
      'the post to be written',
    );
    const written = await getBlog(h, user, blog.id);
    expect(written).toMatchObject({ status: 'ready', waiting_for_model: null, progress: 100 });
    const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, blog.id));
    expect(row?.data).not.toHaveProperty('waitingForModel');
    expect(row?.data).not.toHaveProperty('run');
  }, 90_000);
});

describe('the OpenAPI document', () => {
  it('describes a post’s place in the built-in model’s line', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    for (const [route, method] of [
      ['/api/blogs/{id}', 'get'],
      ['/api/blogs', 'get'],
    ] as const) {
      const answer = JSON.stringify(paths[route]?.[method]?.responses?.['200']);
      expect(answer).toContain('"waiting_for_model"');
      expect(answer).toContain('how many answers the built-in model');
    }
  });
});
