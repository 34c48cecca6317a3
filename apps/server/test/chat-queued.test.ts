import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiClient } from '../src/lib/clients/ai/types';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';

/**
 * The chat tells the browser its place while the built-in model answers others first (it writes one
 * answer at a time). A client that reports two places before answering stands in for a busy model; the
 * queue itself is proven in local-model-provider.test.ts.
 */
const USAGE = { promptTokens: 3, completionTokens: 2 };
const busyModel: AiClient = {
  model: 'busy-model',
  streamChat: async (request) => {
    request.onQueued?.(2);
    request.onQueued?.(1);
    // Its turn: the built-in model says 0, which the chat passes on once, to end the wait's words.
    request.onQueued?.(0);
    request.onDelta?.('Your campaign is on track.');
    request.onUsage?.(USAGE);
    return { text: 'Your campaign is on track.', usage: USAGE, finishReason: 'stop', rounds: 1 };
  },
  streamText: () => Promise.reject(new Error('not used')),
  generateObject: () => Promise.reject(new Error('not used')),
  completeText: async () => ({ text: 'Campaign check', usage: USAGE }),
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false, deps: { ai: busyModel } });
});
afterAll(() => h.close());

describe('an answer that waits for the model', () => {
  it('streams its place in line (queued) before the answer', async () => {
    const user = await seedUser(h);
    const base = await listen(h);
    const chat = (await h.call('POST', '/api/chats', { token: user.accessToken })).json<{ id: number }>();
    const answer = await postStream(base, `/api/chats/${chat.id}/messages`, {
      token: user.accessToken,
      body: { content: 'How is my campaign doing?' },
    });
    expect(answer.status).toBe(200);
    expect(answer.events.map((event) => event.event)).toEqual([
      'start',
      'queued',
      'queued',
      'queued',
      'delta',
      'done',
    ]);
    expect(answer.events.filter((event) => event.event === 'queued').map((event) => event.data)).toEqual([
      { type: 'queued', ahead: 2 },
      { type: 'queued', ahead: 1 },
      { type: 'queued', ahead: 0 },
    ]);
  });
});
