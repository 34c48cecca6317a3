import { Worker } from 'node:worker_threads';

export type ExtractionJob = { format: 'pdf' | 'docx'; bytes: Uint8Array; maxPages: number; maxChars: number };

export type ExtractionAnswer =
  | { ok: true; text: string; pages: number | null }
  | {
      ok: false;
      reason: 'too_many_pages' | 'too_long' | 'unreadable' | 'timeout' | 'memory';
      pages?: number;
      detail?: string;
    };

/** What one extraction may take: its own thread is ended past either. */
export type ExtractionLimits = { timeoutMs: number; memoryMb: number };

export const EXTRACTION_LIMITS: ExtractionLimits = { timeoutMs: 20_000, memoryMb: 256 };

/** At most this many documents are read at once per process; the others wait their turn. */
const MAX_PARALLEL = 2;

const WORKER_FILE = new URL('./extract-worker.mjs', import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

const takeTurn = async (): Promise<void> => {
  if (running < MAX_PARALLEL) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
};

const endTurn = (): void => {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
};

const runOnce = (job: ExtractionJob, limits: ExtractionLimits): Promise<ExtractionAnswer> =>
  new Promise((resolve) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: job,
      // Not the parent's flags (tsx, inspector): the worker is plain JavaScript.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const settle = (answer: ExtractionAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (answer: ExtractionAnswer) => settle(answer));
    worker.once('error', (error: Error & { code?: string }) =>
      settle({
        ok: false,
        reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable',
        detail: error.message,
      }),
    );
    worker.once('exit', () => settle({ ok: false, reason: 'unreadable', detail: 'the reader stopped' }));
  });

/**
 * Reads a PDF's or a .docx's text in a worker thread with a memory ceiling and a time limit (a
 * document built to exhaust the parser costs one terminated thread, never the server), at most
 * MAX_PARALLEL at once; the time limit starts when the document's turn comes.
 */
export const runExtraction = async (
  job: ExtractionJob,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<ExtractionAnswer> => {
  await takeTurn();
  try {
    return await runOnce(job, limits);
  } finally {
    endTurn();
  }
};
