import type { AddressInfo } from 'node:net';
import type { Harness } from './harness';

export type SseEvent = { event: string; data: Record<string, unknown> };

/** The harness's app on a real port, so a test can read a stream as it comes and go away mid-way. */
export const listen = async (h: Harness): Promise<string> => {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
};

const parseEvent = (block: string): SseEvent | null => {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length > 0 ? { event, data: JSON.parse(data.join('\n')) } : null;
};

/**
 * POSTs and reads the answer's server-sent events one by one; `onEvent` may abort the request (the
 * browser going away). Answers the status, the content type, and the events read (or the JSON body).
 */
export const postStream = async (
  base: string,
  path: string,
  options: { token: string; body: unknown; onEvent?: (event: SseEvent, abort: () => void) => void },
): Promise<{ status: number; contentType: string; events: SseEvent[]; json: unknown; aborted: boolean }> => {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(options.body),
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream')) {
    return { status: response.status, contentType, events: [], json: await response.json(), aborted: false };
  }
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let aborted = false;
  const abort = () => {
    aborted = true;
    controller.abort();
  };
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) {
          events.push(event);
          options.onEvent?.(event, abort);
        }
        end = aborted ? -1 : buffer.indexOf('\n\n');
      }
      if (aborted) break;
    }
  } catch (error) {
    if (!aborted) throw error;
  }
  return { status: response.status, contentType, events, json: null, aborted };
};
