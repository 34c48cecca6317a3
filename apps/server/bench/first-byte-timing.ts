/**
 * What the streaming benches (chat, content) share to measure the server's own time to a stream's
 * first byte: one call over a fresh connection, as a browser's first call, made from a thread of its own
 * (outside the server's event loop), and p50/p95 lines.
 */
import { Worker } from 'node:worker_threads';
import { percentile } from './timing';

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

/**
 * The client, as a CommonJS script for a worker thread: it times calls on its own event loop, so a server
 * in this process busy with the rest of an answer (the model's stand-in, the tools) does not delay when the
 * client sees a byte the server already sent. Measured from outside the server's loop, as a browser would.
 */
const CLIENT_SCRIPT = `
const { request } = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, port, options }) => {
  const start = performance.now();
  let firstByte = 0;
  let firstDelta = null;
  let body = '';
  const req = request(
    { host: '127.0.0.1', port, method: options.method, path: options.path, agent: false,
      headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) } },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const now = performance.now();
        if (!firstByte) firstByte = now - start;
        body += chunk;
        if (firstDelta === null && body.includes('event: delta')) firstDelta = now - start;
      });
      res.on('end', () => {
        const events = [...body.matchAll(/^event: (\\w+)$/gm)].map((match) => match[1] || '');
        parentPort.postMessage({ id, result: { status: res.statusCode || 0, firstByte, firstDelta,
          total: performance.now() - start, ended: events.at(-1) ?? null } });
      });
    },
  );
  req.on('error', (error) => parentPort.postMessage({ id, error: error.message }));
  req.end(options.body);
});
`;

type CallOptions = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

let client: { worker: Worker; waiting: Map<number, (answer: WorkerAnswer) => void>; next: number } | null =
  null;
type WorkerAnswer = { id: number; result?: Timed; error?: string };

const clientThread = () => {
  if (client) return client;
  const worker = new Worker(CLIENT_SCRIPT, { eval: true });
  const waiting = new Map<number, (answer: WorkerAnswer) => void>();
  worker.on('message', (answer: WorkerAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  // The thread never keeps the bench alive: the calls waiting on it do. (After the listener, which refs it.)
  worker.unref();
  client = { worker, waiting, next: 0 };
  return client;
};

/** One call over a fresh connection (no keep-alive agent): times from sending, and the last event. */
export const timedCall = (port: number, options: CallOptions): Promise<Timed> =>
  new Promise((resolve, reject) => {
    const thread = clientThread();
    const id = thread.next++;
    thread.waiting.set(id, (answer) =>
      answer.result ? resolve(answer.result) : reject(new Error(answer.error ?? 'the call failed')),
    );
    thread.worker.postMessage({ id, port, options });
  });

/**
 * The first-byte report: the streamed route beside the bare one measured in the same run (so the
 * server's own share shows apart from the machine's), the later marks, then the verdict on the goal.
 */
export const reportFirstByte = (input: {
  route: string;
  bare: number[];
  firstByte: number[];
  /** Later points of the same calls (first delta, whole answer), each with its label. */
  later: [label: string, times: number[]][];
  goalP95Ms: number;
}) => {
  const bareStats = statsOf(input.bare);
  const byteStats = statsOf(input.firstByte);
  show('GET /api/health, first byte (bare route)', bareStats);
  show(`${input.route}, first byte`, byteStats, `   ×${(byteStats.p95 / bareStats.p95).toFixed(1)} at p95`);
  for (const [label, times] of input.later) show(label, statsOf(times));
  console.log(
    `first byte p95 ${byteStats.p95.toFixed(2)} ms (goal ≤ ${input.goalP95Ms} ms): ${byteStats.p95 <= input.goalP95Ms ? 'met' : 'NOT met'}; the server's own share over the bare route: ${(byteStats.p95 - bareStats.p95).toFixed(2)} ms`,
  );
};
