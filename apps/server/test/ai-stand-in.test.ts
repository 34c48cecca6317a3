import { type LlmStandIn, STAND_IN_USAGE, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The stand-in as another process sees it (the web's journeys): over HTTP only. */
let standIn: LlmStandIn;
beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: 'k' });
});
afterAll(() => standIn.close());

const ask = (body: object) =>
  fetch(`${standIn.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', ...body }),
  });

const LINKEDIN = [
  { role: 'system', content: 'Rules <task>linkedin_posts</task>' },
  { role: 'user', content: '<data name="request">\n{"variants": 1}\n</data>' },
];

describe('the LLM stand-in', () => {
  it('streams chat.completion.chunk events, a usage chunk when asked, then [DONE]', async () => {
    const response = await ask({ messages: LINKEDIN, stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter(Boolean)
      .map((event) => event.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event));
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: STAND_IN_USAGE });
    const text = chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('');
    expect(text).toMatch(/^Stand-in hook 1:/);
  });

  it('is steered and read over HTTP: modes, queued modes, chunk delay and the requests it saw', async () => {
    await fetch(`${standIn.url}/stand-in/requests`, { method: 'DELETE' });
    const set = await fetch(`${standIn.url}/stand-in/mode`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'normal', queue: ['unavailable'], chunkDelayMs: 0 }),
    });
    expect(await set.json()).toEqual({ mode: 'normal', queued: ['unavailable'], chunkDelayMs: 0 });
    expect((await ask({ messages: LINKEDIN })).status).toBe(503);
    expect((await ask({ messages: LINKEDIN })).status).toBe(200);
    const seen = (await (await fetch(`${standIn.url}/stand-in/requests`)).json()) as { prompt: string }[];
    expect(seen).toEqual([
      expect.objectContaining({ task: 'linkedin_posts', mode: 'unavailable', stream: false }),
      expect.objectContaining({ task: 'linkedin_posts', mode: 'normal', clientClosed: false }),
    ]);
    expect(seen[0]?.prompt).toContain('<task>linkedin_posts</task>');
    expect((await fetch(`${standIn.url}/stand-in/nothing`)).status).toBe(404);
  });
});
