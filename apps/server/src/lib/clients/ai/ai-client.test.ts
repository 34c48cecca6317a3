import {
  type LlmStandIn,
  STAND_IN_COMMENT,
  STAND_IN_MESSAGES,
  STAND_IN_USAGE,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAiClient } from './ai-client';
import { AiAbortedError, AiCallError, AiUnusableAnswer } from './ai-errors';
import type { AiConfig, AiMessage, AiUsage } from './types';

const KEY = 'sk-ai-client-secret';
const MODEL = 'stand-in-model';

/** The stand-in answers a LinkedIn step with this many posts, streamed in pieces. */
const LINKEDIN_STEP: AiMessage[] = [
  { role: 'system', content: 'Rules.\n\n<task>linkedin_posts</task>' },
  { role: 'user', content: '<data name="request">\n{"variants": 2}\n</data>' },
];
const MESSAGES_STEP: AiMessage[] = [{ role: 'user', content: 'Write the three messages as JSON.' }];
const ZMessages = z.object({ connection_note: z.string(), follow_up_1: z.string(), follow_up_2: z.string() });

let standIn: LlmStandIn;
beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: KEY, model: MODEL, slowMs: 5_000 });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.setMode('normal');
  standIn.setChunkDelay(0);
  standIn.requests.length = 0;
});

const clientWith = (overrides: Partial<AiConfig> = {}) =>
  createAiClient({
    baseUrl: `${standIn.url}/v1`,
    apiKey: KEY,
    model: MODEL,
    timeoutMs: 2_000,
    idleTimeoutMs: 1_000,
    streamTimeoutMs: 10_000,
    ...overrides,
  });

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

const EXPECTED_USAGE: AiUsage = {
  promptTokens: STAND_IN_USAGE.prompt_tokens,
  completionTokens: STAND_IN_USAGE.completion_tokens,
};

describe('streamText', () => {
  it('streams the deltas in order, asks for the usage and reports it once', async () => {
    const deltas: string[] = [];
    const usages: AiUsage[] = [];
    const result = await clientWith().streamText({
      messages: LINKEDIN_STEP,
      onDelta: (delta) => deltas.push(delta),
      onUsage: (usage) => usages.push(usage),
    });
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(result.text);
    expect(result.text).toContain('Stand-in hook 2');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual(EXPECTED_USAGE);
    expect(usages).toEqual([EXPECTED_USAGE]);
    const [request] = standIn.requests;
    expect(request?.body.stream).toBe(true);
    expect(request?.body.stream_options).toEqual({ include_usage: true });
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('retries once when the endpoint answers 503 before any text', async () => {
    standIn.queueModes('unavailable');
    const result = await clientWith().streamText({ messages: LINKEDIN_STEP });
    expect(result.text).toContain('Stand-in hook 1');
    expect(standIn.requests.map((request) => request.mode)).toEqual(['unavailable', 'normal']);
  });

  it('gives up after the one retry, with the status as the reason', async () => {
    standIn.setMode('unavailable');
    const error = await rejection(clientWith().streamText({ messages: LINKEDIN_STEP }));
    expect(error).toBeInstanceOf(AiCallError);
    expect((error as AiCallError).reason).toBe('answered HTTP 503');
    expect(standIn.requests).toHaveLength(2);
  });

  it('never retries once text has been streamed: a cut connection fails the call', async () => {
    standIn.setMode('error-mid-stream');
    const deltas: string[] = [];
    const usages: AiUsage[] = [];
    const error = await rejection(
      clientWith().streamText({
        messages: LINKEDIN_STEP,
        onDelta: (delta) => deltas.push(delta),
        onUsage: (usage) => usages.push(usage),
      }),
    );
    expect(error).toBeInstanceOf(AiCallError);
    expect((error as AiCallError).reason).toBe('was cut off mid-answer');
    expect(deltas.length).toBeGreaterThan(0);
    expect(standIn.requests).toHaveLength(1);
    expect(usages).toEqual([]);
  });

  it('stops a stream that stalls mid-answer at the idle limit, and closes the connection', async () => {
    standIn.setMode('stall-mid-stream');
    const deltas: string[] = [];
    const started = Date.now();
    const error = await rejection(
      clientWith({ idleTimeoutMs: 300 }).streamText({
        messages: LINKEDIN_STEP,
        onDelta: (delta) => deltas.push(delta),
      }),
    );
    const took = Date.now() - started;
    expect((error as AiCallError).reason).toBe('stalled mid-answer');
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(2_000);
    expect(deltas.length).toBeGreaterThan(0);
    // Text had gone out: no second request.
    expect(standIn.requests).toHaveLength(1);
    await vi.waitFor(() => expect(standIn.requests[0]?.clientClosed).toBe(true));
  });

  it('ends a stream that keeps trickling past the overall limit, without a retry', async () => {
    standIn.setChunkDelay(200);
    const error = await rejection(
      clientWith({ idleTimeoutMs: 1_000, streamTimeoutMs: 1_000 }).streamText({ messages: LINKEDIN_STEP }),
    );
    expect((error as AiCallError).reason).toBe('took too long to finish');
    expect(standIn.requests).toHaveLength(1);
  });

  it('times out when no chunk comes within the time limit, and tries once more', async () => {
    standIn.setMode('slow');
    const started = Date.now();
    const error = await rejection(clientWith({ timeoutMs: 300 }).streamText({ messages: LINKEDIN_STEP }));
    expect((error as AiCallError).reason).toBe('timed out');
    expect(standIn.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_500);
    await vi.waitFor(() => expect(standIn.requests.every((request) => request.clientClosed)).toBe(true));
  });

  it('cancels the request upstream when the caller aborts, and throws AiAbortedError', async () => {
    standIn.setChunkDelay(50);
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejection(
      clientWith().streamText({
        messages: LINKEDIN_STEP,
        signal: controller.signal,
        onDelta: (delta) => {
          deltas.push(delta);
          if (deltas.length === 2) controller.abort();
        },
      }),
    );
    expect(error).toBeInstanceOf(AiAbortedError);
    expect(standIn.requests).toHaveLength(1);
    await vi.waitFor(() => expect(standIn.requests[0]?.clientClosed).toBe(true));
  });

  it('does not start when the signal is already aborted', async () => {
    const error = await rejection(
      clientWith().streamText({ messages: LINKEDIN_STEP, signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AiAbortedError);
    expect(standIn.requests).toHaveLength(0);
  });

  it("passes the caller's own callback error on as it is", async () => {
    const mine = new Error('the browser went away');
    const error = await rejection(
      clientWith().streamText({
        messages: LINKEDIN_STEP,
        onDelta: () => {
          throw mine;
        },
      }),
    );
    expect(error).toBe(mine);
    expect(standIn.requests).toHaveLength(1);
  });

  it('calls an empty answer unusable', async () => {
    standIn.setMode('empty');
    const error = await rejection(clientWith().streamText({ messages: LINKEDIN_STEP }));
    expect(error).toBeInstanceOf(AiUnusableAnswer);
    expect((error as AiCallError).reason).toBe('answered no text');
  });
});

describe('generateObject', () => {
  it('asks for JSON mode and answers the object the schema checked', async () => {
    const usages: AiUsage[] = [];
    const { object, usage } = await clientWith().generateObject({
      messages: MESSAGES_STEP,
      schema: ZMessages,
      onUsage: (used) => usages.push(used),
    });
    expect(object).toEqual(STAND_IN_MESSAGES);
    expect(usage).toEqual(EXPECTED_USAGE);
    expect(usages).toEqual([EXPECTED_USAGE]);
    expect(standIn.requests[0]?.body.response_format).toEqual({ type: 'json_object' });
    expect(standIn.requests[0]?.body.stream).toBeUndefined();
  });

  it('reads an object inside a Markdown code fence', async () => {
    standIn.setMode('fenced');
    const { object } = await clientWith().generateObject({ messages: MESSAGES_STEP, schema: ZMessages });
    expect(object).toEqual(STAND_IN_MESSAGES);
    expect(standIn.requests).toHaveLength(1);
  });

  it('repairs a malformed answer once: the model sees its answer and what was wrong', async () => {
    standIn.queueModes('malformed');
    const usages: AiUsage[] = [];
    const { object, usage } = await clientWith().generateObject({
      messages: MESSAGES_STEP,
      schema: ZMessages,
      shapeHint: '{"connection_note", "follow_up_1", "follow_up_2"}',
      onUsage: (used) => usages.push(used),
    });
    expect(object).toEqual(STAND_IN_MESSAGES);
    expect(standIn.requests).toHaveLength(2);
    const repair = standIn.requests[1]?.body.messages ?? [];
    expect(repair.at(-2)).toMatchObject({ role: 'assistant' });
    expect(repair.at(-2)?.content).toContain('this JSON never ends');
    expect(repair.at(-1)?.content).toContain('it was not valid JSON');
    expect(repair.at(-1)?.content).toContain('"connection_note", "follow_up_1", "follow_up_2"');
    // Both calls used tokens, and both are told.
    expect(usages).toHaveLength(2);
    expect(usage).toEqual({
      promptTokens: 2 * EXPECTED_USAGE.promptTokens,
      completionTokens: 2 * EXPECTED_USAGE.completionTokens,
    });
  });

  it('repairs an answer of the wrong shape', async () => {
    standIn.queueModes('wrong-shape');
    const { object } = await clientWith().generateObject({ messages: MESSAGES_STEP, schema: ZMessages });
    expect(object).toEqual(STAND_IN_MESSAGES);
    expect(standIn.requests[1]?.body.messages?.at(-1)?.content).toContain(
      'its JSON did not have the fields asked for',
    );
  });

  it('fails after one repair that is still unusable', async () => {
    standIn.setMode('wrong-shape');
    const error = await rejection(
      clientWith().generateObject({ messages: MESSAGES_STEP, schema: ZMessages }),
    );
    expect(error).toBeInstanceOf(AiUnusableAnswer);
    expect((error as AiCallError).reason).toBe('answered JSON of the wrong shape');
    expect(standIn.requests).toHaveLength(2);
  });

  it('retries once on 429 and on a connection error, never on 401 or an unknown model', async () => {
    standIn.queueModes('rate-limited');
    await clientWith().generateObject({ messages: MESSAGES_STEP, schema: ZMessages });
    expect(standIn.requests.map((request) => request.mode)).toEqual(['rate-limited', 'normal']);

    standIn.requests.length = 0;
    const refused = await rejection(
      clientWith({ apiKey: 'sk-wrong' }).generateObject({ messages: MESSAGES_STEP, schema: ZMessages }),
    );
    expect((refused as AiCallError).reason).toBe('answered HTTP 401');
    expect(String((refused as Error).message)).not.toContain('sk-wrong');
    expect(standIn.requests).toHaveLength(1);

    standIn.requests.length = 0;
    const unknown = await rejection(
      clientWith({ model: 'no-such-model' }).generateObject({ messages: MESSAGES_STEP, schema: ZMessages }),
    );
    expect((unknown as AiCallError).reason).toBe('answered HTTP 404');
    expect(standIn.requests).toHaveLength(1);

    const unreachable = await rejection(
      clientWith({ baseUrl: 'http://127.0.0.1:9/v1' }).generateObject({
        messages: MESSAGES_STEP,
        schema: ZMessages,
      }),
    );
    expect((unreachable as AiCallError).reason).toBe('could not be reached');
  });

  it('times out a slow answer at the time limit', async () => {
    standIn.setMode('slow');
    const started = Date.now();
    const error = await rejection(
      clientWith({ timeoutMs: 250 }).generateObject({ messages: MESSAGES_STEP, schema: ZMessages }),
    );
    expect((error as AiCallError).reason).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cancels a plain request upstream when the caller aborts', async () => {
    standIn.setMode('slow');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(
      clientWith().generateObject({ messages: MESSAGES_STEP, schema: ZMessages, signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AiAbortedError);
    await vi.waitFor(() => expect(standIn.requests[0]?.clientClosed).toBe(true));
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('completeText', () => {
  it('answers the text of a plain completion', async () => {
    const { text } = await clientWith().completeText({ messages: [{ role: 'user', content: 'A comment.' }] });
    expect(text).toBe(STAND_IN_COMMENT);
    expect(standIn.requests[0]?.body.response_format).toBeUndefined();
  });
});
