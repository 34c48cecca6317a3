import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompiledServer,
  serverArgs,
  startServerProcess,
  stopServerProcess,
  untilHealthy,
} from '../bench/compiled-server';
import { freePort } from './support/free-port';
import { newServerDatabase } from './support/test-database';

/**
 * The packages only some calls need are loaded at their first use, never by a start (lib/core/load-once.ts,
 * docs/decisions/speed-and-memory.md, "Production serving and the compiled server"): each costs 0.05–0.25 s
 * of CPU, and loaded at start they made every start slower. The compiled server (`npm run serve`) is started
 * with a module-load hook that notes every package it loads; it is stopped once /api/health answers.
 */
const LOADED_ONLY_WHEN_USED = [
  '@faker-js/faker', // the LinkedIn sandbox's people, drawn at its first request
  'openai', // a model call (LLM_BASE_URL, IMAGE_MODEL)
  'linkedom', // reading a web page
  '@mozilla/readability',
  '@aws-sdk/client-s3', // a file in STORAGE_S3_BUCKET
  'satori', // drawing an infographic
  '@resvg/resvg-js',
  'sharp', // a picture uploaded, fitted or checked
  'nodemailer', // a mail through SMTP_URL
  'sanitize-html', // a blog body saved
  'undici', // a call to an outside site (website, WordPress, publishing)
  'node-llama-cpp', // the built-in model, at its first answer
  'stripe', // a payment call (checkout, webhook, billing portal); the sandbox's webhook is registered without it
];

const SECRETS = { JWT_SECRET: 'test-secret-test-secret-test-secret-00', VAULT_KEY: '1'.repeat(64) };
let server: ReturnType<typeof buildCompiledServer>;
let dir: string;
/** On PostgreSQL (DATABASE_URL), a database of this test's own, dropped afterwards. */
let databaseUrl = '';
let dropDatabase = async (): Promise<void> => undefined;

beforeAll(async () => {
  server = buildCompiledServer();
  dir = await mkdtemp(path.join(tmpdir(), 'sales-assist-lazy-packages-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await newServerDatabase(serverUrl, 'sa_lazy');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
}, 120_000);

afterAll(async () => {
  await dropDatabase();
  await server?.remove();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The packages one start of the compiled server loaded until it answered /api/health. */
const packagesOfAStart = async (env: Record<string, string>): Promise<string[]> => {
  const file = path.join(dir, `loaded-${Date.now()}.txt`);
  const port = await freePort();
  const child = startServerProcess(
    [
      '--import',
      path.join(import.meta.dirname, 'support/record-packages.mjs'),
      ...serverArgs({ compiled: server.main }),
    ],
    { ...SECRETS, ...env, PORT: String(port), LOADED_PACKAGES_FILE: file },
  );
  try {
    await untilHealthy(child, port, performance.now());
  } finally {
    await stopServerProcess(child);
  }
  return (await readFile(file, 'utf8')).split('\n');
};

describe('a start of the server', () => {
  it('loads none of the packages only some calls need, on fresh and on existing data', async () => {
    const env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: databaseUrl };
    for (const start of ['fresh', 'existing']) {
      const loaded = await packagesOfAStart(env);
      // The hook saw the start: the packages every start needs are there.
      expect(loaded, start).toEqual(expect.arrayContaining(['fastify', 'pg-boss', 'zod']));
      expect(
        loaded.filter((name) => LOADED_ONLY_WHEN_USED.includes(name)),
        start,
      ).toEqual([]);
    }
  }, 240_000);
});
