import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, sendJson } from '../http';
import { sha256Of } from './seeded-bytes';

/** What the next file answer does instead of answering well (each is used once, in order). */
export type ModelFileFault =
  /** Sends the headers and this many bytes of the body, then closes the connection mid-body. */
  | { kind: 'cut'; afterBytes: number }
  /** Answers 200 with the whole file, as a server that does not do ranges would. */
  | { kind: 'ignore-range' }
  /** Serves the file with one byte changed: its hash no longer matches. */
  | { kind: 'corrupt' }
  /** Answers this status with no file. */
  | { kind: 'status'; status: number };

export type ModelFileRequest = { method: string; path: string; range: string | null };

export type ModelFilesStandIn = {
  /** http://127.0.0.1:port */
  url: string;
  /** The `resolve/` address of a file added under `path` (e.g. /org/repo/resolve/<rev>/model.gguf). */
  urlOf: (path: string) => string;
  /** Adds (or replaces) a file at a repository path such as /org/repo/resolve/<rev>/model.gguf. */
  addFile: (path: string, bytes: Buffer) => void;
  /** Queues faults for the next answers of the CDN (the file itself, not the redirect). */
  fault: (...faults: ModelFileFault[]) => void;
  /** Bytes a second the CDN sends at most (0: as fast as it can), so progress and cancelling can be seen. */
  setRate: (bytesPerSecond: number) => void;
  requests: ModelFileRequest[];
  close: () => Promise<void>;
};

const CHUNK_BYTES = 16 * 1024;
const REPOSITORY_COMMIT = 'ae44f08e1392f39c0e474af10c3ff8355c8b6688';

/**
 * `Range: bytes=N-` or `bytes=N-M` (the forms a downloader sends); anything else is served whole, as HTTP
 * lets a server ignore a range it does not understand.
 */
const rangeOf = (header: string | undefined, size: number): { start: number; end: number } | 'whole' => {
  const match = header?.match(/^bytes=(\d+)-(\d*)$/);
  if (!match) return 'whole';
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return { start, end };
};

/**
 * A stand-in for Hugging Face's file hosting: `GET /<org>/<repo>/resolve/<revision>/<file>` answers 302 to
 * its CDN address with `x-linked-size` and `x-linked-etag` as the Hub does, and the CDN answers the bytes
 * with `Accept-Ranges: bytes`: 206 with `Content-Range` for a range, 416 with a `Content-Range` that names the
 * size for a range past the end, 200 for the whole file, HEAD alike. An unknown path is the Hub's 404
 * (`x-error-code: EntryNotFound`). Faults and a rate limit make interrupted and slow downloads on demand.
 */
export const startModelFilesStandIn = async (
  options: { port?: number; host?: string } = {},
): Promise<ModelFilesStandIn> => {
  const files = new Map<string, Buffer>();
  const byHash = new Map<string, Buffer>();
  const faults: ModelFileFault[] = [];
  const requests: ModelFileRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let rate = 0;
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const sendBody = (response: ServerResponse, body: Buffer, cutAfter: number | null): void => {
    let sent = 0;
    const next = (): void => {
      if (response.destroyed) return;
      const limit = cutAfter ?? body.length;
      if (sent >= limit) {
        if (cutAfter === null) response.end();
        // The connection goes a moment after the last bytes, as on a real network: a reset in the same
        // instant makes the client's stream drop the bytes it has not read yet.
        else response.write('', () => later(50, () => response.destroy()));
        return;
      }
      const piece = body.subarray(sent, Math.min(limit, sent + CHUNK_BYTES));
      sent += piece.length;
      const drained = response.write(piece);
      const go = (): void => {
        if (rate <= 0) next();
        else later((piece.length / rate) * 1000, next);
      };
      if (drained) go();
      else response.once('drain', go);
    };
    next();
  };

  const serveFile = (request: IncomingMessage, response: ServerResponse, file: Buffer): void => {
    const fault = request.method === 'GET' ? faults.shift() : undefined;
    if (fault?.kind === 'status') {
      sendJson(response, fault.status, { error: 'Fault' });
      return;
    }
    const body = fault?.kind === 'corrupt' ? Buffer.from(file) : file;
    if (fault?.kind === 'corrupt') body[body.length >> 1] = (body[body.length >> 1] ?? 0) ^ 0xff;
    const etag = `"${sha256Of(file)}"`;
    const common = { 'accept-ranges': 'bytes', etag, 'content-type': 'application/octet-stream' };
    const range = fault?.kind === 'ignore-range' ? 'whole' : rangeOf(request.headers.range, file.length);
    let status = 200;
    let part = body;
    const headers: Record<string, string | number> = { ...common };
    if (range !== 'whole') {
      if (range.start >= file.length) {
        response.writeHead(416, { ...common, 'content-range': `bytes */${file.length}` }).end();
        return;
      }
      status = 206;
      part = body.subarray(range.start, range.end + 1);
      headers['content-range'] = `bytes ${range.start}-${range.end}/${file.length}`;
    }
    headers['content-length'] = part.length;
    response.writeHead(status, headers);
    if (request.method === 'HEAD') return void response.end();
    sendBody(response, part, fault?.kind === 'cut' ? Math.min(fault.afterBytes, part.length) : null);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      range: request.headers.range ?? null,
    });
    const cdn = url.pathname.match(/^\/cdn\/([0-9a-f]{64})\/[^/]+$/);
    const onCdn = cdn?.[1] ? byHash.get(cdn[1]) : undefined;
    if (onCdn) return serveFile(request, response, onCdn);
    const file = files.get(url.pathname);
    if (!file || !url.pathname.includes('/resolve/')) {
      return sendJson(response, 404, { error: 'Entry not found' }, { 'x-error-code': 'EntryNotFound' });
    }
    // The Hub answers a file kept in large-file storage with a redirect to a signed CDN address.
    const hash = sha256Of(file);
    response
      .writeHead(302, {
        location: `/cdn/${hash}/${url.pathname.split('/').pop()}?expires=${Date.now() + 3_600_000}`,
        'x-linked-size': String(file.length),
        'x-linked-etag': `"${hash}"`,
        'x-repo-commit': REPOSITORY_COMMIT,
      })
      .end();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const standIn: ModelFilesStandIn = {
    url,
    urlOf: (path) => `${url}${path}`,
    addFile: (path, bytes) => {
      files.set(path, bytes);
      byHash.set(sha256Of(bytes), bytes);
    },
    fault: (...more) => faults.push(...more),
    setRate: (bytesPerSecond) => {
      rate = bytesPerSecond;
    },
    requests,
    close: () => closeServer(server, timers),
  };
  return standIn;
};
