import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage } from '../src/db/schema';
import { createLocalModel } from '../src/lib/clients/ai/local-model/create-local-model';
import { withWebsite } from './support/blog-factories';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';
import { writeTinyGguf } from './support/tiny-gguf';

/**
 * The app composed as it ships without LLM_BASE_URL: the built-in model serves while its file is there and
 * the offline writers the rest of the time, switching without a restart (a download finishing, or the
 * file removed, then `refresh`). The file is the tiny random model, so what it writes is noise: the test
 * asserts who served the request, not the prose.
 */
let h: Harness;
let modelDir: string;
let modelFile: string;

beforeAll(async () => {
  modelDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-models-'));
  modelFile = path.join(modelDir, 'models', 'tiny-test-model.gguf');
  h = await startHarness({
    engine: false,
    env: { LOCAL_MODEL_PATH: modelFile, LOCAL_MODEL_CONTEXT: '2048', LOCAL_MODEL_THREADS: '1' },
  });
});

afterAll(async () => {
  await h.close();
  await rm(modelDir, { recursive: true, force: true });
});

/** The app's AI client as a request reads it (a getter: it follows the built-in model's file). */
const chattingAi = (harness: Harness) => harness.deps.ai;

const usageRowsOf = (userId: string) => h.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, userId));

describe('the built-in model in the composed app', () => {
  it('serves once its file appears and steps back to the offline writers when it goes, without a restart', async () => {
    const localModel = h.deps.localModel;
    if (!localModel) throw new Error('no built-in model composed without LLM_BASE_URL');
    const user = await seedUser(h);
    await withWebsite(h, user.user.id);
    const suggest = () =>
      h.call('POST', '/api/blogs/topics', {
        token: user.accessToken,
        body: { seed_keywords: ['crm'], count: 1 },
      });

    // No file: no model, offline writers, and a request written offline.
    expect(localModel.present()).toBe(false);
    expect(localModel.status().state).toBe('absent');
    expect(h.deps.ai).toBeNull();
    expect(h.deps.content.kind).toBe('offline');
    expect(h.deps.writer.kind).toBe('offline');
    const offline = await suggest();
    expect(offline.statusCode).toBe(200);
    expect(offline.json().topics[0].writer).toBe('offline');
    expect(await usageRowsOf(user.user.id)).toEqual([]);

    // The file arrives (a download's last step) and the admin area refreshes: the built-in model serves.
    await mkdir(path.dirname(modelFile), { recursive: true });
    await writeTinyGguf({ file: modelFile });
    localModel.refresh();
    expect(localModel.present()).toBe(true);
    expect(h.deps.ai).toBe(localModel.client);
    expect(h.deps.content.kind).toBe('llm');
    expect(h.deps.writer.kind).toBe('llm');
    const withModel = await suggest();
    // The random model's JSON may or may not pass the writer's own checks (then the offline writer writes
    // it, saying why); either way the request went to the built-in model, whose tokens were recorded.
    expect([200, 502]).toContain(withModel.statusCode);
    const rows = await usageRowsOf(user.user.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.model === 'tiny-test-model' && row.purpose === 'blog_topics')).toBe(true);
    expect(rows[0]?.completionTokens).toBeGreaterThan(0);
    expect(localModel.status()).toMatchObject({ state: 'ready', busy: false, waiting: 0 });

    // The file is removed: the model is unloaded and the offline writers serve again.
    await rm(modelFile);
    localModel.refresh();
    expect(localModel.present()).toBe(false);
    expect(h.deps.ai).toBeNull();
    expect(h.deps.content.kind).toBe('offline');
    await expect.poll(() => localModel.status().state).toBe('absent');
    const again = await suggest();
    expect(again.statusCode).toBe(200);
    expect(again.json().topics[0].writer).toBe('offline');
    // The random model writes JSON strings until its token cap (1,024 here), twice with the repair.
  }, 120_000);

  it('answers a chat message through the app: the decision under the tools’ grammar, the streamed answer, its tokens', async () => {
    const file = path.join(modelDir, 'chat', 'tiny-test-model.gguf');
    await mkdir(path.dirname(file), { recursive: true });
    await writeTinyGguf({ file });
    // The composed app with the built-in model given a short answer cap: this random model never ends an
    // answer of its own accord, and the chat's prompt (with its tools) is spelt mostly byte by byte.
    const localModel = createLocalModel(
      { ...h.config.localModel, path: file, contextSize: 16_384, threads: 1 },
      { info: () => {}, warn: () => {} },
      { maxTokens: 48 },
    );
    const chatting = await startHarness({ engine: false, deps: { localModel } });
    try {
      expect(chattingAi(chatting)).toBe(localModel.client);
      const user = await seedUser(chatting);
      const base = await listen(chatting);
      const chat = (await chatting.call('POST', '/api/chats', { token: user.accessToken })).json<{
        id: number;
      }>();
      const answer = await postStream(base, `/api/chats/${chat.id}/messages`, {
        token: user.accessToken,
        body: { content: 'How is my Q4 push campaign doing?' },
      });
      expect(answer.status).toBe(200);
      const kinds = answer.events.map((event) => event.event);
      expect(kinds[0]).toBe('start');
      expect(kinds.at(-1)).toBe('done');
      expect(kinds).toContain('delta');
      const saved = (await chatting.call('GET', `/api/chats/${chat.id}`, { token: user.accessToken })).json<{
        messages: { role: string; status: string; content: string }[];
      }>();
      expect(saved.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'complete' });
      // Every request of the answer (the round's decision, offered the chat's real tools, then the answer)
      // was the built-in model's; whether this random model calls a tool is chance (the provider's own test
      // proves a call's round trip).
      const rows = await chatting.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, user.user.id));
      expect(rows.filter((row) => row.purpose === 'chat').length).toBeGreaterThan(0);
      expect(rows.every((row) => row.model === 'tiny-test-model')).toBe(true);
    } finally {
      await chatting.close();
    }
  }, 120_000);

  it('is not composed when LLM_BASE_URL names an endpoint', async () => {
    const withEndpoint = await startHarness({
      engine: false,
      env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LOCAL_MODEL_PATH: modelFile },
    });
    try {
      expect(withEndpoint.deps.localModel).toBeNull();
      expect(withEndpoint.deps.ai?.model).toBe('gpt-4o-mini');
      expect(withEndpoint.deps.content.kind).toBe('llm');
    } finally {
      await withEndpoint.close();
    }
  });
});
