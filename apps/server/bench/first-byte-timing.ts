/**
 * What the streaming benches (chat, content) share to measure the server's own time to a stream's
 * first byte: one call over a fresh connection, as a browser's first call, and p50/p95 lines.
 */
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export type Stats = { p50: number; p95: number; max: number };

export const statsOf = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
};

export const show = (label: string, stats: Stats, extra = '') =>
  console.log(
    `${label.padEnd(52)} p50 ${stats.p50.toFixed(2).padStart(7)} ms   p95 ${stats.p95.toFixed(2).padStart(7)} ms${extra}`,
  );

export type Timed = {
  status: number;
  firstByte: number;
  /** To the first `event: delta` (the model's first words), null when none came. */
  firstDelta: number | null;
  total: number;
  /** The last server-sent event's name, to tell a finished answer from an error or a refusal. */
  ended: string | null;
};

/** One call over a fresh connection (no keep-alive agent): times from sending, and the last event. */
export const timedCall = (
  port: number,
  options: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string },
): Promise<Timed> =>
  new Promise((resolve, reject) => {
    const start = performance.now();
    let firstByte = 0;
    let firstDelta: number | null = null;
    let body = '';
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = performance.now();
          if (!firstByte) firstByte = now - start;
          body += chunk;
          if (firstDelta === null && body.includes('event: delta')) firstDelta = now - start;
        });
        res.on('end', () => {
          const events = [...body.matchAll(/^event: (\w+)$/gm)].map((match) => match[1] ?? '');
          resolve({
            status: res.statusCode ?? 0,
            firstByte,
            firstDelta,
            total: performance.now() - start,
            ended: events.at(-1) ?? null,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
