import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { TAdminAiModelResponse } from '@sales-assist/contract';
import { type LlmStandIn, standInLlmEnv, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import {
  type ModelFilesStandIn,
  seededBytes,
  sha256Of,
  startModelFilesStandIn,
} from '@sales-assist/stand-ins/model-files';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_MODEL } from '../src/lib/clients/ai/local-model/model-catalog';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { tinyGgufBytes } from './support/tiny-gguf';

const FILE = seededBytes(11, 400_000);
const SHA = sha256Of(FILE);
const REPO_PATH = '/acme/tiny-GGUF/resolve/0123abc/tiny-model.gguf';
const API = '/api/admin/ai-model';

let files: ModelFilesStandIn;

beforeAll(async () => {
  files = await startModelFilesStandIn();
  files.addFile(REPO_PATH, FILE);
});
afterAll(() => files.close());

type Setup = { h: Harness; admin: SeededUser; user: SeededUser };

const start = async (env: Record<string, string> = {}, deps: Parameters<typeof startHarness>[0] = {}) => {
  const h = await startHarness({
    engine: false,
    env: { LOCAL_MODEL_URL: files.urlOf(REPO_PATH), LOCAL_MODEL_SHA256: SHA, ...env },
    ...deps,
  });
  return { h, admin: await seedUser(h, { admin: true }), user: await seedUser(h) } satisfies Setup;
};

const statusOf = async ({ h, admin }: Setup): Promise<TAdminAiModelResponse> => {
  const answer = await h.call('GET', API, { token: admin.accessToken });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

const settled = async (setup: Setup): Promise<TAdminAiModelResponse> => {
  let last: TAdminAiModelResponse | null = null;
  await expect
    .poll(
      async () => {
        last = await statusOf(setup);
        return last.built_in.download.state;
      },
      { timeout: 10_000, interval: 50 },
    )
    .not.toBe('running');
  return last as unknown as TAdminAiModelResponse;
};

describe('the admin’s view of the AI without any model', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await start();
  });
  afterAll(() => setup.h.close());
  beforeEach(() => files.setRate(0));
  afterEach(async () => {
    files.setRate(0);
    const running = await statusOf(setup);
    if (running.built_in.download.state === 'running') {
      await setup.h.call('DELETE', `${API}/download`, { token: setup.admin.accessToken });
    }
  });

  it('answers only admins: 401 without a session, 403 for a user, on every call', async () => {
    const { h, user } = setup;
    for (const [method, url] of [
      ['GET', API],
      ['POST', `${API}/download`],
      ['DELETE', `${API}/download`],
      ['DELETE', `${API}/file`],
      ['POST', `${API}/test`],
    ] as const) {
      expect((await h.call(method, url, { body: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
      const refused = await h.call(method, url, {
        token: user.accessToken,
        body: method === 'POST' ? {} : undefined,
      });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toBe('forbidden');
    }
    await expect(stat(h.config.localModel.path)).rejects.toThrow();
  });

  it('says which provider serves each purpose, and where the file would go', async () => {
    const status = await statusOf(setup);

    expect(status.purposes.map((each) => [each.purpose, each.kind, each.provider])).toEqual([
      ['campaign_messages', 'no_model', 'Offline message writer (no model)'],
      ['content', 'no_model', 'Outline writer (no model)'],
      ['chat', 'no_model', 'Answers from your data (no model)'],
      ['pictures', 'no_model', 'Theme pictures (no image model)'],
      ['keyword_metrics', 'no_model', 'None: keyword ideas carry no search volume or cost'],
    ]);
    expect(status.built_in).toMatchObject({
      name: 'tiny-model.gguf',
      licence: null,
      url: files.urlOf(REPO_PATH),
      sha256: SHA,
      size_bytes: null,
      path: setup.h.config.localModel.path,
      present: false,
      file_size_bytes: null,
      partial_bytes: 0,
      in_use: false,
      overridden: false,
      download: { state: 'idle', bytes_done: 0, error: null, elsewhere: null },
    });
  });

  it('downloads in the background with progress, refuses a second start, and verifies the file', async () => {
    const { h, admin } = setup;
    files.setRate(400_000);

    const started = await h.call('POST', `${API}/download`, { token: admin.accessToken });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().built_in.download.state).toBe('running');

    const again = await h.call('POST', `${API}/download`, { token: admin.accessToken });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'conflict',
      message: 'The model is already being downloaded: wait for it to finish, or cancel it.',
    });
    const deleting = await h.call('DELETE', `${API}/file`, { token: admin.accessToken });
    expect(deleting.statusCode).toBe(409);

    await expect
      .poll(async () => (await statusOf(setup)).built_in.download.bytes_done, {
        timeout: 5_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    const midway = (await statusOf(setup)).built_in.download;
    expect(midway.bytes_total).toBe(FILE.length);

    const done = await settled(setup);
    expect(done.built_in.download).toMatchObject({ state: 'done', error: null });
    expect(done.built_in).toMatchObject({
      present: true,
      file_size_bytes: FILE.length,
      partial_bytes: 0,
      in_use: true,
    });
    expect(sha256Of(await readFile(h.config.localModel.path))).toBe(SHA);
    // The built-in model takes over at once, without a restart; it loads only at its first request.
    const content = done.purposes.find((each) => each.purpose === 'content');
    expect(content).toMatchObject({
      kind: 'built_in',
      provider: `Built-in model ${h.deps.localModel?.client.model}`,
    });
    expect(done.built_in.runtime).toEqual({ state: 'unloaded', busy: false, waiting: 0 });
    expect(h.deps.ai).not.toBeNull();

    const present = await h.call('POST', `${API}/download`, { token: admin.accessToken });
    expect(present.statusCode).toBe(409);
    expect(present.json().message).toBe('The model is already downloaded.');

    const removed = await h.call('DELETE', `${API}/file`, { token: admin.accessToken });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().built_in).toMatchObject({
      present: false,
      download: { state: 'idle' },
      runtime: null,
    });
    expect(removed.json().purposes[1]).toMatchObject({
      kind: 'no_model',
      provider: 'Outline writer (no model)',
    });
    expect(h.deps.ai).toBeNull();
    await expect(stat(h.config.localModel.path)).rejects.toThrow();
    expect((await h.call('DELETE', `${API}/file`, { token: admin.accessToken })).statusCode).toBe(404);
  });

  it('cancels, keeping what arrived, and resumes from it on the next start', async () => {
    const { h, admin } = setup;
    expect((await h.call('DELETE', `${API}/download`, { token: admin.accessToken })).statusCode).toBe(409);
    files.setRate(60_000);
    expect((await h.call('POST', `${API}/download`, { token: admin.accessToken })).statusCode).toBe(202);
    await expect
      .poll(async () => (await statusOf(setup)).built_in.download.bytes_done, {
        timeout: 5_000,
        interval: 50,
      })
      .toBeGreaterThan(0);

    const cancelled = await h.call('DELETE', `${API}/download`, { token: admin.accessToken });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const kept = cancelled.json().built_in as TAdminAiModelResponse['built_in'];
    expect(kept.download.state).toBe('cancelled');
    expect(kept.present).toBe(false);
    expect(kept.partial_bytes).toBeGreaterThan(0);
    expect(kept.partial_bytes).toBeLessThan(FILE.length);

    files.setRate(0);
    files.requests.length = 0;
    expect((await h.call('POST', `${API}/download`, { token: admin.accessToken })).statusCode).toBe(202);
    expect((await settled(setup)).built_in.present).toBe(true);
    expect(files.requests.filter((each) => each.path.startsWith('/cdn/')).map((each) => each.range)).toEqual([
      `bytes=${kept.partial_bytes}-`,
    ]);
    expect((await h.call('DELETE', `${API}/file`, { token: admin.accessToken })).statusCode).toBe(200);
  });

  it('shows a failed download’s reason and keeps no file', async () => {
    const { h, admin } = setup;
    files.fault({ kind: 'corrupt' });
    expect((await h.call('POST', `${API}/download`, { token: admin.accessToken })).statusCode).toBe(202);

    const failed = await settled(setup);

    expect(failed.built_in.download.state).toBe('failed');
    expect(failed.built_in.download.error).toContain(`not the published ${SHA}`);
    expect(failed.built_in).toMatchObject({ present: false, partial_bytes: 0 });
  });

  it('refuses while npm run model:pull holds the download, naming it', async () => {
    const { h, admin } = setup;
    const lock = `${h.config.localModel.path}.lock`;
    await mkdir(path.dirname(h.config.localModel.path), { recursive: true });
    // The test runner's parent process: alive for as long as the test runs, and not this process.
    await writeFile(
      lock,
      JSON.stringify({
        pid: process.ppid,
        host: hostname(),
        by: 'npm run model:pull',
        startedAt: '2026-11-28T10:00:00.000Z',
      }),
    );
    try {
      const refused = await h.call('POST', `${API}/download`, { token: admin.accessToken });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('already being downloaded by npm run model:pull');
      expect((await statusOf(setup)).built_in.download.elsewhere).toContain('npm run model:pull');
      expect((await h.call('DELETE', `${API}/file`, { token: admin.accessToken })).statusCode).toBe(409);
    } finally {
      await rm(lock, { force: true });
    }
  });

  it('refuses to test when no model serves', async () => {
    const answer = await setup.h.call('POST', `${API}/test`, { token: setup.admin.accessToken, body: {} });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe('not_ready');
  });

  it('validates the test prompt', async () => {
    const answer = await setup.h.call('POST', `${API}/test`, {
      token: setup.admin.accessToken,
      body: { prompt: 'x'.repeat(501) },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('at most 500 characters');
  });
});

describe('a real (tiny) model, downloaded through the admin area', () => {
  const TINY = tinyGgufBytes(5);
  const TINY_PATH = '/acme/tiny-GGUF/resolve/0123abc/tiny-test-model.gguf';
  let setup: Setup;
  beforeAll(async () => {
    files.addFile(TINY_PATH, TINY);
    setup = await start({
      LOCAL_MODEL_URL: files.urlOf(TINY_PATH),
      LOCAL_MODEL_SHA256: sha256Of(TINY),
      LOCAL_MODEL_CONTEXT: '1024',
      LOCAL_MODEL_THREADS: '1',
    });
  });
  afterAll(() => setup.h.close());

  it('serves the test prompt once downloaded, with its time to first token and tokens a second', async () => {
    const { h, admin } = setup;
    expect((await h.call('POST', `${API}/test`, { token: admin.accessToken, body: {} })).statusCode).toBe(
      409,
    );

    expect((await h.call('POST', `${API}/download`, { token: admin.accessToken })).statusCode).toBe(202);
    expect((await settled(setup)).built_in).toMatchObject({ present: true, in_use: true });

    const answer = await h.call('POST', `${API}/test`, {
      token: admin.accessToken,
      body: { prompt: 'Hello' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    // Random weights write nonsense: the plumbing is what is checked, not the prose.
    expect(result).toMatchObject({ ok: true, provider: `Built-in model ${h.deps.localModel?.client.model}` });
    expect(result.completion_tokens).toBeGreaterThan(0);
    expect(result.first_token_ms).toBeGreaterThan(0);
    expect(result.total_ms).toBeGreaterThanOrEqual(result.first_token_ms);
    if (result.completion_tokens > 1) expect(result.tokens_per_second).toBeGreaterThan(0);
    expect((await statusOf(setup)).built_in.runtime?.state).toBe('ready');
  });

  it('says why a file that is not a model could not be loaded', async () => {
    const { h, admin } = setup;
    await h.deps.localModel?.unload();
    const file = h.deps.config.localModel.path;
    await writeFile(file, 'not a model at all');
    h.deps.localModel?.refresh();
    const answer = await h.call('POST', `${API}/test`, {
      token: admin.accessToken,
      body: { prompt: 'Hello' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ok: false });
    expect(answer.json().reason).toMatch(/^The built-in model could not be loaded: \S/);
    await writeFile(file, TINY);
  });
});

describe('the built-in model from the catalogue', () => {
  it('refuses at once (507) when the disk cannot hold its published size', async () => {
    const h = await startHarness({ engine: false, deps: { disk: { freeBytes: async () => 500_000_000 } } });
    try {
      const admin = await seedUser(h, { admin: true });
      const status = (await h.call('GET', API, { token: admin.accessToken })).json() as TAdminAiModelResponse;
      expect(status.built_in).toMatchObject({
        name: BUILT_IN_MODEL.name,
        licence: 'Apache-2.0',
        size_bytes: BUILT_IN_MODEL.sizeBytes,
      });

      const refused = await h.call('POST', `${API}/download`, { token: admin.accessToken });
      expect(refused.statusCode).toBe(507);
      expect(refused.json().error).toBe('disk_full');
      expect(refused.json().message).toMatch(/needs 2\.3\d GB more .* only 477 MB is free/);
    } finally {
      await h.close();
    }
  });
});

describe('with an OpenAI-compatible endpoint', () => {
  let llm: LlmStandIn;
  let setup: Setup;
  beforeAll(async () => {
    llm = await startLlmStandIn({ apiKey: 'k' });
    setup = await start({
      ...standInLlmEnv(llm, 'k'),
      IMAGE_MODEL: 'gpt-image-1',
    });
  });
  afterAll(async () => {
    await setup.h.close();
    await llm.close();
  });

  it('names the endpoint for every writing purpose and says the built-in model is overridden', async () => {
    const status = await statusOf(setup);
    const host = new URL(llm.url).host;
    expect(status.purposes.map((each) => each.provider)).toEqual([
      `OpenAI-compatible endpoint ${host} / gpt-4o-mini`,
      `OpenAI-compatible endpoint ${host} / gpt-4o-mini`,
      `OpenAI-compatible endpoint ${host} / gpt-4o-mini`,
      `OpenAI-compatible images endpoint ${host} / gpt-image-1`,
      'None: keyword ideas carry no search volume or cost',
    ]);
    expect(status.built_in).toMatchObject({ overridden: true, in_use: false, runtime: null });
  });

  it('tests the model: its answer, the time to the first token and the tokens a second', async () => {
    const answer = await setup.h.call('POST', `${API}/test`, {
      token: setup.admin.accessToken,
      body: { prompt: 'Say hello to the admin.' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json();
    expect(result).toMatchObject({ ok: true, completion_tokens: 50 });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.first_token_ms).toBeGreaterThanOrEqual(0);
    expect(result.total_ms).toBeGreaterThanOrEqual(result.first_token_ms);
    expect(llm.requests.at(-1)?.body.messages?.at(-1)?.content).toBe('Say hello to the admin.');
  });

  it('answers a failing model’s reason instead of a refusal', async () => {
    llm.setMode('error');
    try {
      const answer = await setup.h.call('POST', `${API}/test`, { token: setup.admin.accessToken, body: {} });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ ok: false, reason: 'The model answered HTTP 500.' });
    } finally {
      llm.setMode('normal');
    }
  });
});
