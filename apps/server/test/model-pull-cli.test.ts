import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ModelFilesStandIn,
  seededBytes,
  sha256Of,
  startModelFilesStandIn,
} from '@sales-assist/stand-ins/model-files';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FILE = seededBytes(23, 350_000);
const SHA = sha256Of(FILE);
const REPO_PATH = '/acme/tiny-GGUF/resolve/0123abc/tiny-model.gguf';

let files: ModelFilesStandIn;
let dataDir: string;

type Run = { code: number; stdout: string; stderr: string };

/** `npm run model:pull` as a person runs it (its script, in a child process, not on a terminal). */
const modelPull = (env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/scripts/model-pull.ts'],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          LOCAL_MODEL_URL: files.urlOf(REPO_PATH),
          LOCAL_MODEL_SHA256: SHA,
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

// A mirror's file keeps its own name (env.ts, localModelPathOf).
const modelPath = () => path.join(dataDir, 'models', path.basename(REPO_PATH));

beforeAll(async () => {
  files = await startModelFilesStandIn();
  files.addFile(REPO_PATH, FILE);
});
afterAll(() => files.close());
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'model-pull-'));
  files.setRate(0);
  return () => rm(dataDir, { recursive: true, force: true });
});

describe('npm run model:pull', () => {
  it('downloads with plain progress lines, resumes after a cut, verifies, and says where the file went', async () => {
    files.fault({ kind: 'cut', afterBytes: 120_000 });

    const run = await modelPull();

    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Downloading tiny-model.gguf (size told by the server)');
    expect(run.stdout).toContain(`into ${modelPath()}`);
    // Not a terminal: plain lines, one per tenth of the file, never a carriage return.
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).toMatch(/Downloading {2}\[#+·*\] {2}\d+\.\d% {2}\d+ KB \/ 342 KB/);
    expect(run.stdout).toContain(`Verified: SHA-256 ${SHA} (342 KB).`);
    expect(run.stdout).toContain(`The built-in model is at ${modelPath()}.`);
    expect(run.stdout).toContain('without a restart');
    expect(sha256Of(await readFile(modelPath()))).toBe(SHA);
    const ranges = files.requests.filter((each) => each.path.startsWith('/cdn/')).map((each) => each.range);
    expect(ranges.at(-1)).toMatch(/^bytes=[1-9]\d*-$/);

    const again = await modelPull();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`The built-in model is already at ${modelPath()}.`);
  });

  it('fails with the reason and keeps nothing when the hash is not the published one', async () => {
    files.fault({ kind: 'corrupt' });

    const run = await modelPull();

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The download failed: The downloaded file's SHA-256 is`);
    expect(run.stderr).toContain(`not the published ${SHA}`);
    await expect(readFile(modelPath())).rejects.toThrow();
  });

  it('refuses while the server downloads the same file', async () => {
    await mkdir(path.dirname(modelPath()), { recursive: true });
    // This test's own process stands for the server: alive, and not the child.
    await writeFile(
      `${modelPath()}.lock`,
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        by: 'the admin area',
        startedAt: '2026-11-28T10:00:00.000Z',
      }),
    );

    const run = await modelPull();

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The model is already being downloaded by the admin area');
  });

  it('refuses a mirror without its hash', async () => {
    const run = await modelPull({ LOCAL_MODEL_SHA256: '' });
    expect(run.code).toBe(2);
  });
});
