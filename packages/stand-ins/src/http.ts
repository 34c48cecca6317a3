import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** What the stand-ins' plain Node servers share: a request's whole body, a JSON answer, closing. */
export const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

/**
 * Stops a stand-in at once: its pending timers cleared (a slow or paced answer never fires after close),
 * open connections cut (a stalled stream would keep close waiting), then the server closed.
 */
export const closeServer = async (server: Server, timers: Iterable<NodeJS.Timeout> = []): Promise<void> => {
  for (const timer of timers) clearTimeout(timer);
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
};
