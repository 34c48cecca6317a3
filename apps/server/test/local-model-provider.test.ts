import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiAbortedError, AiCallError } from '../src/lib/clients/ai/ai-errors';
import { createLocalModel } from '../src/lib/clients/ai/local-model/create-local-model';
import { BUILT_IN_MODEL } from '../src/lib/clients/ai/local-model/model-catalog';
import type { LocalModel } from '../src/lib/clients/ai/local-model/types';
import type { AiToolCall } from '../src/lib/clients/ai/types';
import { writeTinyGguf } from './support/tiny-gguf';

/**
 * The built-in provider against llama.cpp itself, with a tiny random model the test writes (no internet
 * here, and a real model would take minutes). Its text is noise, so these tests assert on the plumbing:
 * what streams, what stops, what waits, what the grammar guarantees, what loads and unloads.
 */
const MAX_TOKENS = 16;
const silent = { info: () => {}, warn: () => {} };
const configFor = (file: string, idleUnloadMs = 600_000) => ({
  path: file,
  source: {
    name: BUILT_IN_MODEL.name,
    url: BUILT_IN_MODEL.url,
    sha256: BUILT_IN_MODEL.sha256,
    sizeBytes: null,
  },
  threads: 1,
  contextSize: 2048,
  idleUnloadMs,
});
const ask = (content: string) => [
  { role: 'system' as const, content: 'You write short answers about sales.' },
  { role: 'user' as const, content },
];

let file: string;
let model: LocalModel;

beforeAll(async () => {
  file = await writeTinyGguf();
  model = createLocalModel(configFor(file), silent, { maxTokens: MAX_TOKENS });
});

afterAll(async () => {
  await model.unload();
  await rm(path.dirname(file), { recursive: true, force: true });
});

describe('the built-in model provider', () => {
  it('loads the file at the first call and streams the answer as it is written', async () => {
    expect(model.present()).toBe(true);
    expect(model.status()).toMatchObject({ state: 'unloaded', waiting: 0, busy: false, path: file });
    const deltas: string[] = [];
    const usages: unknown[] = [];
    const answer = await model.client.streamText({
      messages: ask('Write a hello to the sales team.'),
      onDelta: (delta) => deltas.push(delta),
      onUsage: (usage) => usages.push(usage),
    });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(answer.text);
    // The tokenizer's counts: the rendered prompt (system, user, the template's markers) and the answer.
    expect(answer.usage.promptTokens).toBeGreaterThan(10);
    expect(answer.usage.completionTokens).toBeGreaterThan(0);
    expect(answer.usage.completionTokens).toBeLessThanOrEqual(MAX_TOKENS);
    expect(answer.finishReason).toBe(answer.usage.completionTokens === MAX_TOKENS ? 'length' : 'stop');
    expect(usages).toEqual([answer.usage]);
    expect(model.status()).toMatchObject({ state: 'ready', busy: false, sizeBytes: expect.any(Number) });
    expect(model.client.model).toBe('tiny-test-model');

    const completed = await model.client.completeText({ messages: ask('Another one.') });
    expect(completed.usage.completionTokens).toBeGreaterThan(0);
  });

  it('stops at once when the caller aborts mid-answer, and frees its turn', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const long = createLocalModel(configFor(file), silent, { maxTokens: 400 });
    try {
      await expect(
        long.client.streamText({
          messages: ask('Write a long post.'),
          signal: controller.signal,
          onDelta: (delta) => {
            deltas.push(delta);
            if (deltas.length === 3) controller.abort();
          },
        }),
      ).rejects.toBeInstanceOf(AiAbortedError);
      // llama.cpp checks the signal between tokens: nothing was written after the third piece's token.
      expect(deltas.length).toBeLessThanOrEqual(4);
      expect(long.status()).toMatchObject({ busy: false, waiting: 0 });
      const next = await long.client.streamText({ messages: ask('Again.') });
      expect(next.usage.completionTokens).toBeGreaterThan(0);
    } finally {
      await long.unload();
    }
  });

  it('stops and throws the caller’s own error when its onDelta fails (llama.cpp’s binding would only log it)', async () => {
    class SaveFailed extends Error {}
    let calls = 0;
    await expect(
      model.client.streamText({
        messages: ask('Write.'),
        onDelta: () => {
          calls += 1;
          throw new SaveFailed('the database is gone');
        },
      }),
    ).rejects.toBeInstanceOf(SaveFailed);
    expect(calls).toBe(1);
    expect(model.status()).toMatchObject({ busy: false, waiting: 0 });
  });

  it('runs one generation at a time: the second waits its turn, and a waiter that leaves is dropped', async () => {
    const seen: { waiting: number; busy: boolean }[] = [];
    const firstPlaces: number[] = [];
    const first = model.client.streamText({
      messages: ask('First.'),
      onQueued: (ahead) => firstPlaces.push(ahead),
      onDelta: () => {
        const { waiting, busy } = model.status();
        seen.push({ waiting, busy });
      },
    });
    const places: number[] = [];
    const fourthPlaces: number[] = [];
    const second = model.client.streamText({
      messages: ask('Second.'),
      onQueued: (ahead) => places.push(ahead),
    });
    const leaving = new AbortController();
    const third = model.client.streamText({ messages: ask('Third.'), signal: leaving.signal });
    let placesAtFirstPiece: number[] | null = null;
    const fourth = model.client.streamText({
      messages: ask('Fourth.'),
      onQueued: (ahead) => fourthPlaces.push(ahead),
      onDelta: () => {
        placesAtFirstPiece ??= [...fourthPlaces];
      },
    });
    expect(model.status()).toMatchObject({ busy: true, waiting: 3 });
    leaving.abort();
    await expect(third).rejects.toBeInstanceOf(AiAbortedError);
    expect(model.status().waiting).toBe(2);
    // Each waiter is told its place, and told again as it moves up: the one leaving moved the fourth up.
    expect(places).toEqual([1]);
    expect(fourthPlaces).toEqual([3, 2]);
    await fourth;
    // Then 0 when its turn comes (no one ahead), so a caller clears its "waiting" note as the model starts.
    expect(places).toEqual([1, 0]);
    expect(fourthPlaces).toEqual([3, 2, 1, 0]);
    expect(placesAtFirstPiece).toEqual([3, 2, 1, 0]);

    const [a, b] = await Promise.all([first, second]);
    expect(a.text.length + b.text.length).toBeGreaterThan(0);
    // The first call never waited: it hears nothing, not even its turn.
    expect(firstPlaces).toEqual([]);
    // While the first answer streamed, the second and fourth were in the queue (the third had left it).
    expect(seen.some((status) => status.busy && status.waiting === 2)).toBe(true);
    expect(model.status()).toMatchObject({ busy: false, waiting: 0 });
  });

  it('holds a caller to its first-token limit from the start of its turn, not from joining the queue', async () => {
    // The first caller holds the model for ~4 s (its callback blocks); the second's limit is 3 s, and its
    // own first token comes well within that of its turn (under a second on a busy 2-core machine), so
    // the wait does not fail it.
    const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    let pieces = 0;
    const slow = model.client.streamText({
      messages: ask('Slowly.'),
      onDelta: () => {
        pieces += 1;
        if (pieces <= 4) pause(1_000);
      },
    });
    const waiting = model.client.streamText({ messages: ask('Quickly.'), timeoutMs: 3_000 });
    await expect(Promise.all([slow, waiting])).resolves.toHaveLength(2);

    // A limit that passes before the first token ends the call with the layer's reason.
    await expect(
      model.client.streamText({ messages: ask('Never in time.'), timeoutMs: 1 }),
    ).rejects.toMatchObject({ name: 'AiCallError', reason: 'timed out' });
    expect(model.status()).toMatchObject({ busy: false, waiting: 0 });
  });

  it('writes JSON that matches the request’s schema, by grammar', async () => {
    const Topic = z.object({
      title: z.string().min(1).max(20),
      kind: z.enum(['post', 'blog', 'ad']),
      draft: z.boolean(),
      tags: z.array(z.enum(['sales', 'marketing'])).max(2),
      // node-llama-cpp's grammars require every property: an optional one may be written as null instead.
      note: z.string().max(10).optional(),
    });
    const usages: unknown[] = [];
    // The object needs more tokens than the short answers above (each character is a token of this model).
    const roomy = createLocalModel(configFor(file), silent, { maxTokens: 300 });
    try {
      const answer = await roomy.client.generateObject({
        messages: ask('Suggest a topic as JSON.'),
        schema: Topic,
        onUsage: (usage) => usages.push(usage),
      });
      expect(Topic.safeParse(answer.object).success).toBe(true);
      expect(answer.usage.completionTokens).toBeGreaterThan(0);
      expect(usages.length).toBeGreaterThanOrEqual(1);
    } finally {
      await roomy.unload();
    }
  });

  it('calls the chat’s tools with arguments of their schema, then answers', async () => {
    const Args = z.object({
      name: z.enum(['Q4 push', 'Spring launch']),
      finished: z.boolean().optional(),
    });
    const calls: AiToolCall[] = [];
    const deltas: string[] = [];
    const answer = await model.client.streamChat({
      messages: ask('How is my Q4 push campaign doing?'),
      tools: [
        {
          name: 'find_campaign',
          description: 'Reads one of your campaigns by its name.',
          parameters: z.toJSONSchema(Args) as Record<string, unknown>,
        },
      ],
      runTool: async (call) => {
        calls.push(call);
        return JSON.stringify({ name: 'Q4 push', leads: 40, acceptance_rate: 0.31 });
      },
      onDelta: (delta) => deltas.push(delta),
      maxRounds: 2,
    });
    // The random model chose the tool (the grammar allowed only a valid choice), its arguments matched the
    // schema, the result went back, and the last round (no tools) answered in words that streamed.
    expect(calls.length).toBe(1);
    expect(calls[0]?.name).toBe('find_campaign');
    expect(Args.safeParse(JSON.parse(calls[0]?.arguments ?? '')).success).toBe(true);
    expect(answer.rounds).toBe(2);
    expect(answer.text.length).toBeGreaterThan(0);
    expect(deltas.join('')).toBe(answer.text);
  });

  it('frees the model after idleUnloadMs unused, and loads it again for the next call', async () => {
    const idle = createLocalModel(configFor(file, 150), silent, { maxTokens: 4 });
    try {
      await idle.client.completeText({ messages: ask('Hi.') });
      expect(idle.status().state).toBe('ready');
      await expect.poll(() => idle.status().state, { timeout: 10_000, interval: 50 }).toBe('unloaded');
      await idle.client.completeText({ messages: ask('Hi again.') });
      expect(idle.status().state).toBe('ready');
    } finally {
      await idle.unload();
    }
  });

  it('says when the file is missing, and fails a call with a reason instead of loading nothing', async () => {
    const missing = createLocalModel(configFor(path.join(path.dirname(file), 'none.gguf')), silent);
    expect(missing.present()).toBe(false);
    expect(missing.status()).toMatchObject({ state: 'absent', sizeBytes: null });
    await expect(missing.client.completeText({ messages: ask('Hi.') })).rejects.toBeInstanceOf(AiCallError);
    expect(missing.status()).toMatchObject({ state: 'absent', busy: false });
  });
});
