import { createHash, type Hash } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatBytes } from '@sales-assist/contract';
import type { fetch as undiciFetch } from 'undici';
import { type DiskSpace, FREE_SPACE_MARGIN_BYTES } from '../../core/faults/disk-space';
import type { ModelSource } from '../ai/local-model/model-catalog';
import { DownloadError } from './download-errors';
import { takeDownloadLock } from './download-lock';
import { createRateMeter, type DownloadProgress, secondsLeftOf } from './download-progress';
import { hashPart, sizeOf, syncFile, writeBody } from './part-file';
import { readRangeAnswer } from './range-answer';

export type DownloadRequest = {
  source: ModelSource;
  /** Where the verified file goes (config.localModel.path); bytes arrive in `<target>.part` first. */
  target: string;
  disk: DiskSpace;
  /** Who downloads, as another process is told when it finds the lock ("the admin area", …). */
  by: string;
  /** Stops the download; what arrived stays in the part file for the next run. */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** The first pause before resuming after a cut; it doubles each time (tests shorten it). */
  retryDelayMs?: number;
  /** Tries in a row that bring no new byte before giving up. */
  maxResumes?: number;
  /** The longest wait for a connection, the answer's headers, or the next bytes of the body. */
  stallMs?: number;
};

export type DownloadResult = { path: string; bytes: number; sha256: string };

/** A prepared download: the lock is held and the room checked; `run` downloads, `release` gives up. */
export type PreparedDownload = { run: () => Promise<DownloadResult>; release: () => Promise<void> };

const DEFAULTS = { retryDelayMs: 1_000, maxResumes: 6, stallMs: 30_000 };
/** The longest pause between resumes, however many cuts came before. */
const MAX_RETRY_DELAY_MS = 30_000;
/** Progress is told at most this often while bytes flow (each chunk would be thousands of calls a second). */
const PROGRESS_EVERY_MS = 200;

const cancelled = (): DownloadError =>
  new DownloadError(
    'cancelled',
    'The download was stopped. What arrived is kept, so the next download resumes where this one stopped.',
  );

/** Refuses a download the disk cannot hold with the margin the database needs (disk-space.ts). */
const ensureRoom = async (disk: DiskSpace, dir: string, bytes: number): Promise<void> => {
  const free = await disk.freeBytes(dir).catch(() => null);
  if (free === null || free >= bytes + FREE_SPACE_MARGIN_BYTES) return;
  throw new DownloadError(
    'disk_full',
    `The model needs ${formatBytes(bytes)} more on the disk holding ${dir}, plus ${formatBytes(FREE_SPACE_MARGIN_BYTES)} to spare, but only ${formatBytes(free)} is free.`,
  );
};

/**
 * Takes the download's lock and checks the disk has room for what is left of a file of known size, so a
 * caller (the admin area) can refuse at once, before going on in the background with `run`.
 */
export const prepareDownload = async (request: DownloadRequest): Promise<PreparedDownload> => {
  const dir = path.dirname(request.target);
  await mkdir(dir, { recursive: true });
  const release = await takeDownloadLock(request.target, request.by);
  try {
    const { sizeBytes } = request.source;
    if (sizeBytes !== null) {
      const onDisk = await sizeOf(`${request.target}.part`);
      await ensureRoom(request.disk, dir, Math.max(0, sizeBytes - onDisk));
    }
  } catch (error) {
    await release();
    throw error;
  }
  let released = false;
  const releaseOnce = async (): Promise<void> => {
    if (released) return;
    released = true;
    await release();
  };
  return {
    release: releaseOnce,
    run: async () => {
      try {
        return await download(request);
      } finally {
        await releaseOnce();
      }
    },
  };
};

/**
 * Downloads the model file resumably and verified: GET with `Range: bytes=<on disk>-` into
 * `<target>.part` (kept across cuts, cancels and restarts), following redirects (Hugging Face sends
 * `resolve/` addresses to its CDN), starting over when the server ignores the range, resuming after a
 * connection closed mid-body. The SHA-256 covers the whole file (what was on disk is hashed again when a
 * run resumes it); only a file whose hash and size match the source's is renamed onto `target`, at once. A
 * mismatch deletes the part file. Throws a DownloadError with the reason.
 */
export const downloadModel = async (request: DownloadRequest): Promise<DownloadResult> =>
  (await prepareDownload(request)).run();

const download = async (request: DownloadRequest): Promise<DownloadResult> => {
  const { source, target, signal } = request;
  const settings = { ...DEFAULTS, ...definedOf(request) };
  const part = `${target}.part`;
  const dir = path.dirname(target);
  // Loaded when a download starts, not with the server (start-loads-no-heavy-packages.test.ts).
  const { Agent, fetch } = await import('undici');
  const agent = new Agent({
    connect: { timeout: settings.stallMs },
    headersTimeout: settings.stallMs,
    bodyTimeout: settings.stallMs,
  });
  const meter = createRateMeter();
  let total = source.sizeBytes;
  let lastTold = 0;
  let lastPhase = '';
  const tell = (phase: DownloadProgress['phase'], done: number, force = false): void => {
    const at = Date.now();
    // A new phase is always told; within one, at most every PROGRESS_EVERY_MS.
    if (!force && phase === lastPhase && at - lastTold < PROGRESS_EVERY_MS) return;
    lastTold = at;
    lastPhase = phase;
    const rate = phase === 'downloading' ? meter.rate() : null;
    request.onProgress?.({
      phase,
      bytesDone: done,
      bytesTotal: total,
      bytesPerSecond: rate,
      secondsLeft: secondsLeftOf(done, total, rate),
    });
  };
  // The hash of the part file's first `hashed` bytes, carried across resumes within this run.
  let hash: Hash = createHash('sha256');
  let hashed = 0;
  let triesWithoutBytes = 0;
  let lastProblem = '';

  const tryAgain = async (problem: string): Promise<void> => {
    lastProblem = problem;
    triesWithoutBytes += 1;
    if (triesWithoutBytes > settings.maxResumes) {
      throw new DownloadError(
        'interrupted',
        `The download kept failing (${problem}). What arrived is kept: try again later to resume it.`,
      );
    }
    const pause = Math.min(MAX_RETRY_DELAY_MS, settings.retryDelayMs * 2 ** (triesWithoutBytes - 1));
    await sleep(pause, undefined, { signal }).catch(() => {
      throw cancelled();
    });
  };

  try {
    tell('connecting', await sizeOf(part), true);
    for (;;) {
      if (signal?.aborted) throw cancelled();
      let offset = await sizeOf(part);
      if (total !== null && offset > total) {
        await rm(part, { force: true });
        offset = 0;
      }
      if (hashed !== offset) {
        ({ hash, hashed } = await hashPart(
          part,
          offset,
          signal,
          (done) => tell('checking', done),
          cancelled,
        ));
      }
      if (total !== null && offset === total) break;
      if (total !== null) await ensureRoom(request.disk, dir, total - offset);

      let response: Awaited<ReturnType<typeof undiciFetch>>;
      try {
        response = await fetch(source.url, {
          headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
          redirect: 'follow',
          dispatcher: agent,
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        await tryAgain(reasonOf(error));
        continue;
      }
      const answer = readRangeAnswer(response.status, response.headers, offset);
      if (answer.kind === 'not_found' || answer.kind === 'refused' || answer.kind === 'transient') {
        await response.body?.cancel().catch(() => undefined);
        if (answer.kind === 'not_found') {
          throw new DownloadError(
            'not_found',
            `The model file is not at ${source.url} (HTTP ${answer.status}). Check the address (LOCAL_MODEL_URL for a mirror).`,
          );
        }
        if (answer.kind === 'refused') {
          throw new DownloadError(
            'refused',
            `The server refused the model file (HTTP ${answer.status}) at ${source.url}.`,
          );
        }
        await tryAgain(`HTTP ${answer.status}`);
        continue;
      }
      if (answer.total !== null) {
        if (source.sizeBytes !== null && answer.total !== source.sizeBytes) {
          await response.body?.cancel().catch(() => undefined);
          throw new DownloadError(
            'size_mismatch',
            `The server offers a file of ${answer.total} bytes, but the model published is ${source.sizeBytes} bytes: the address serves another file.`,
          );
        }
        total = answer.total;
      }
      if (answer.kind === 'complete') {
        await response.body?.cancel().catch(() => undefined);
        break;
      }
      if (answer.kind === 'discard') {
        await response.body?.cancel().catch(() => undefined);
        await rm(part, { force: true });
        hash = createHash('sha256');
        hashed = 0;
        await tryAgain('the part on disk did not fit the file on the server');
        continue;
      }
      let start = offset;
      if (answer.kind === 'restart') {
        start = 0;
        hash = createHash('sha256');
        hashed = 0;
      }
      if (total !== null) await ensureRoom(request.disk, dir, total - start);
      const before = start;
      try {
        await writeBody(response.body, part, start === 0 ? 'w' : 'a', signal, (chunk) => {
          hash.update(chunk);
          hashed += chunk.length;
          meter.add(chunk.length);
          tell('downloading', hashed);
        });
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        if (hashed > before) triesWithoutBytes = 0;
        await tryAgain(reasonOf(error));
        continue;
      }
      if (hashed > before) triesWithoutBytes = 0;
      tell('downloading', hashed, true);
      // A body that ended cleanly but short (no Content-Length to catch it): resume from where it stopped.
      if (total !== null && hashed < total) {
        await tryAgain('the server closed the file before its end');
        continue;
      }
      total ??= hashed;
      break;
    }

    tell('verifying', hashed, true);
    const sha256 = hash.digest('hex');
    const bytes = await sizeOf(part);
    if (sha256 !== source.sha256) {
      await rm(part, { force: true });
      throw new DownloadError(
        'hash_mismatch',
        `The downloaded file's SHA-256 is ${sha256}, not the published ${source.sha256}, so it was deleted. Download it again; if this repeats, the address serves another file than the hash names.`,
      );
    }
    if (source.sizeBytes !== null && bytes !== source.sizeBytes) {
      await rm(part, { force: true });
      throw new DownloadError(
        'size_mismatch',
        `The downloaded file has ${bytes} bytes, not the published ${source.sizeBytes}, so it was deleted.`,
      );
    }
    await syncFile(part);
    await rename(part, target);
    return { path: target, bytes, sha256 };
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    if (signal?.aborted) throw cancelled();
    throw new DownloadError(
      'interrupted',
      `The download failed: ${reasonOf(error)}${lastProblem ? ` (after: ${lastProblem})` : ''}.`,
    );
  } finally {
    await agent.close().catch(() => undefined);
  }
};

const definedOf = (request: DownloadRequest) =>
  Object.fromEntries(
    (['retryDelayMs', 'maxResumes', 'stallMs'] as const)
      .filter((key) => request[key] !== undefined)
      .map((key) => [key, request[key]]),
  ) as Partial<typeof DEFAULTS>;

/** A cause a person can read: undici's errors carry the socket's reason in `cause`. */
const reasonOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause?.code
    ? `${message}: ${cause.code}`
    : cause?.message
      ? `${message}: ${cause.message}`
      : message;
};
