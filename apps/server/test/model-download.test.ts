import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ModelFilesStandIn,
  seededBytes,
  sha256Of,
  startModelFilesStandIn,
} from '@sales-assist/stand-ins/model-files';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelSource } from '../src/lib/clients/ai/local-model/model-catalog';
import { DownloadError } from '../src/lib/clients/model-download/download-errors';
import { downloadLockHolder } from '../src/lib/clients/model-download/download-lock';
import { downloadModel } from '../src/lib/clients/model-download/download-model';
import type { DownloadProgress } from '../src/lib/clients/model-download/download-progress';
import { systemDiskSpace } from '../src/lib/core/faults/disk-space';

const FILE = seededBytes(7, 300_000);
const SHA = sha256Of(FILE);
const REPO_PATH = '/acme/tiny-GGUF/resolve/0123abc/tiny-model.gguf';

let standIn: ModelFilesStandIn;
let dir: string;
let target: string;

const sourceOf = (overrides: Partial<ModelSource> = {}): ModelSource => ({
  name: 'Tiny model',
  url: standIn.urlOf(REPO_PATH),
  sha256: SHA,
  sizeBytes: FILE.length,
  ...overrides,
});

const pull = (source: ModelSource = sourceOf(), extra: Partial<Parameters<typeof downloadModel>[0]> = {}) =>
  downloadModel({ source, target, disk: systemDiskSpace, by: 'a test', retryDelayMs: 10, ...extra });

const failureOf = async (promise: Promise<unknown>): Promise<DownloadError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
};

const cdnRanges = () =>
  standIn.requests.filter((request) => request.path.startsWith('/cdn/')).map((r) => r.range);

beforeAll(async () => {
  standIn = await startModelFilesStandIn();
  standIn.addFile(REPO_PATH, FILE);
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'model-download-'));
  target = path.join(dir, 'models', 'tiny-model.gguf');
  standIn.requests.length = 0;
  standIn.setRate(0);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('downloading the model file', () => {
  it('follows the Hub’s redirect to its CDN, verifies the hash and leaves only the file', async () => {
    const progress: DownloadProgress[] = [];
    const result = await pull(sourceOf(), { onProgress: (each) => progress.push(each) });

    expect(result).toEqual({ path: target, bytes: FILE.length, sha256: SHA });
    expect(sha256Of(await readFile(target))).toBe(SHA);
    expect(await readdir(path.dirname(target))).toEqual(['tiny-model.gguf']);
    expect(standIn.requests.map((request) => request.path)).toEqual([
      REPO_PATH,
      expect.stringMatching(/^\/cdn\//),
    ]);
    expect(progress.at(-1)).toMatchObject({
      phase: 'verifying',
      bytesDone: FILE.length,
      bytesTotal: FILE.length,
    });
  });

  it('resumes with a Range after the server closes the connection mid-body', async () => {
    standIn.fault({ kind: 'cut', afterBytes: 100_000 }, { kind: 'cut', afterBytes: 50_000 });

    await pull();

    expect(sha256Of(await readFile(target))).toBe(SHA);
    const ranges = cdnRanges();
    expect(ranges).toHaveLength(3);
    expect(ranges[0]).toBeNull();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);
    expect(Number(ranges[1]?.slice(6, -1))).toBeGreaterThan(0);
    expect(Number(ranges[2]?.slice(6, -1))).toBeGreaterThan(Number(ranges[1]?.slice(6, -1)));
  });

  it('resumes a part file an earlier run left on disk, hashing what is there', async () => {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.part`, FILE.subarray(0, 120_000));
    const phases = new Set<string>();

    await pull(sourceOf(), { onProgress: (each) => phases.add(each.phase) });

    expect(sha256Of(await readFile(target))).toBe(SHA);
    expect(cdnRanges()).toEqual(['bytes=120000-']);
    expect(phases.has('checking')).toBe(true);
  });

  it('starts over when the server ignores the Range and answers the whole file', async () => {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.part`, FILE.subarray(0, 80_000));
    standIn.fault({ kind: 'ignore-range' });

    await pull();

    expect(sha256Of(await readFile(target))).toBe(SHA);
    expect(cdnRanges()).toEqual(['bytes=80000-']);
  });

  it('takes a 416 for a part that is already whole (a mirror, size not known beforehand)', async () => {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.part`, FILE);

    await pull(sourceOf({ sizeBytes: null }));

    expect(sha256Of(await readFile(target))).toBe(SHA);
    expect(cdnRanges()).toEqual([`bytes=${FILE.length}-`]);
  });

  it('deletes a file whose hash is not the published one and says so', async () => {
    standIn.fault({ kind: 'corrupt' });

    const error = await failureOf(pull());

    expect(error.failure).toBe('hash_mismatch');
    expect(error.message).toContain(`not the published ${SHA}`);
    expect(await readdir(path.dirname(target))).toEqual([]);
  });

  it('refuses a file the address does not have (404), naming the address', async () => {
    const url = standIn.urlOf('/acme/tiny-GGUF/resolve/0123abc/missing.gguf');

    const error = await failureOf(pull(sourceOf({ url })));

    expect(error.failure).toBe('not_found');
    expect(error.message).toContain(url);
    expect(error.message).toContain('HTTP 404');
    expect(await readdir(path.dirname(target))).toEqual([]);
  });

  it('refuses a server that offers another size than the published one', async () => {
    const error = await failureOf(pull(sourceOf({ sizeBytes: FILE.length + 1 })));
    expect(error.failure).toBe('size_mismatch');
  });

  it('gives up after failures that bring no new byte, keeping nothing broken in place', async () => {
    standIn.fault(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 503 })));

    const error = await failureOf(pull(sourceOf(), { maxResumes: 2 }));

    expect(error.failure).toBe('interrupted');
    expect(error.message).toContain('HTTP 503');
    await expect(readFile(target)).rejects.toThrow();
  });

  it('refuses before any request when the disk cannot hold the file', async () => {
    const error = await failureOf(pull(sourceOf(), { disk: { freeBytes: async () => 1_000_000 } }));

    expect(error.failure).toBe('disk_full');
    expect(error.message).toMatch(/only 977 KB is free/);
    expect(standIn.requests).toEqual([]);
  });

  it('takes over the lock of a download whose process died (killed mid-download)', async () => {
    await mkdir(path.dirname(target), { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(
      `${target}.lock`,
      JSON.stringify({
        pid: gone,
        host: hostname(),
        by: 'npm run model:pull',
        startedAt: '2026-11-28T09:00:00.000Z',
      }),
    );
    expect(await downloadLockHolder(target)).toBeNull();

    await pull();

    expect(sha256Of(await readFile(target))).toBe(SHA);
    expect(await readdir(path.dirname(target))).toEqual(['tiny-model.gguf']);
  });

  it('lets one download run at a time, and a cancelled one keeps its bytes and its place', async () => {
    standIn.setRate(100_000);
    const controller = new AbortController();
    let done = 0;
    const first = pull(sourceOf(), {
      signal: controller.signal,
      onProgress: (each) => {
        done = each.bytesDone;
      },
    });
    await expect.poll(() => done, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await downloadLockHolder(target)).toMatchObject({ pid: process.pid, by: 'a test' });

    const second = await failureOf(pull());
    expect(second.failure).toBe('locked');
    expect(second.message).toContain('already being downloaded by a test');

    controller.abort();
    expect((await failureOf(first)).failure).toBe('cancelled');
    expect(await downloadLockHolder(target)).toBeNull();
    const kept = (await readFile(`${target}.part`)).length;
    expect(kept).toBeGreaterThan(0);

    standIn.setRate(0);
    standIn.requests.length = 0;
    await pull();
    expect(sha256Of(await readFile(target))).toBe(SHA);
    expect(cdnRanges()).toEqual([`bytes=${kept}-`]);
  });
});
