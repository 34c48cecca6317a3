import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/** A comment line now and then keeps proxies and browsers from closing a stream the model is slow on. */
const KEEP_ALIVE_MS = 15_000;

export type SseStream = {
  /** Aborted when the browser goes away before the stream ends. */
  signal: AbortSignal;
  /** Writes one event (data: one JSON line); does nothing once the browser is gone or the stream ended. */
  send: (event: string, data: unknown) => void;
  end: () => void;
};

/**
 * Turns a reply into a server-sent event stream (text/event-stream). Fastify lets go of the reply
 * (hijack), so the headers its hooks set (helmet's) are copied over first. The response's 'close'
 * before the end means the browser went away (the request's own 'close' only says its body was read).
 */
export const openSseStream = (reply: FastifyReply): SseStream => {
  const controller = new AbortController();
  const raw = reply.raw;
  reply.hijack();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  let ended = false;
  const keepAlive = setInterval(() => {
    if (!ended && !raw.destroyed) raw.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  raw.on('close', () => {
    clearInterval(keepAlive);
    if (!ended) {
      ended = true;
      controller.abort();
    }
  });
  // The browser may have gone while the request was being prepared: its 'close' has already passed.
  if (raw.destroyed) {
    clearInterval(keepAlive);
    ended = true;
    controller.abort();
  }
  return {
    signal: controller.signal,
    send: (event, data) => {
      if (ended || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      raw.end();
    },
  };
};
