import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AiCallOptions, AiClient } from '../../../clients/ai/types';
import { tellingPlace } from './step-kit';

const USAGE = { promptTokens: 1, completionTokens: 1 };

/** A client that says two places then the turn to whoever asks, as the built-in model's queue does. */
const queueingClient = (): AiClient => {
  const tell = (request: AiCallOptions) => {
    request.onQueued?.(2);
    request.onQueued?.(1);
    request.onQueued?.(0);
  };
  return {
    model: 'queueing-model',
    streamText: async (request) => {
      tell(request);
      return { text: 'text', usage: USAGE, finishReason: 'stop' };
    },
    streamChat: async (request) => {
      tell(request);
      return { text: 'chat', usage: USAGE, finishReason: 'stop', rounds: 1 };
    },
    generateObject: async (request) => {
      tell(request);
      return { object: request.schema.parse({}), usage: USAGE };
    },
    completeText: async (request) => {
      tell(request);
      return { text: 'done', usage: USAGE };
    },
  };
};

describe('the model as one generation uses it', () => {
  it('tells the generation its place for every kind of call, unless a call listens itself', async () => {
    const places: number[] = [];
    const ai = tellingPlace(queueingClient(), (ahead) => places.push(ahead));
    const messages = [{ role: 'user' as const, content: 'Write.' }];
    await ai.streamText({ messages });
    await ai.completeText({ messages });
    await ai.generateObject({ messages, schema: z.object({}) });
    await ai.streamChat({ messages, tools: [], runTool: async () => '{}' });
    expect(places).toEqual([2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0]);
    expect(ai.model).toBe('queueing-model');

    const own: number[] = [];
    await ai.streamText({ messages, onQueued: (ahead) => own.push(ahead) });
    expect(own).toEqual([2, 1, 0]);
    expect(places).toHaveLength(12);
  });

  it('is the client itself when the generation does not listen', () => {
    const client = queueingClient();
    expect(tellingPlace(client, undefined)).toBe(client);
  });
});
