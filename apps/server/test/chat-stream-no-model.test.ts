import { CHAT_MESSAGES, type TChat, type TChatDetail, type TChatMessage } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedded } from '../src/db/copy-rows';
import { chatMessages, chats } from '../src/db/schema';
import { failInterruptedAnswers } from '../src/modules/chat/sweep-interrupted';
import { createToolRunner, toolDefinitions } from '../src/modules/chat/tool-runner';
import { answerWithoutModel } from '../src/modules/chat/tools';
import { recordingJobs } from './support/campaign-factories';
import { seedChatAccounts, seedRunningCampaign, toolContext } from './support/chat-tool-factories';
import type { SeededUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream, type SseEvent } from './support/sse-client';

let h: Harness;
let base: string;
let alice: SeededUser;
let bob: SeededUser;

beforeAll(async () => {
  // No LLM_BASE_URL: the chat answers from the tools alone.
  h = await startHarness({ engine: false, deps: { jobs: recordingJobs() } });
  base = await listen(h);
  ({ alice, bob } = await seedChatAccounts(h));
  await seedRunningCampaign(h, alice, 'Q4 push');
  await seedRunningCampaign(h, bob, 'Secret Bob plan', { stepsDone: 63 });
}, 60_000);
afterAll(() => h.close());

const newChat = async (user: SeededUser = alice): Promise<TChat> =>
  (await h.call('POST', '/api/chats', { token: user.accessToken })).json<TChat>();

const send = (chatId: string, content: string) =>
  postStream(base, `/api/chats/${chatId}/messages`, { token: alice.accessToken, body: { content } });

const deltasOf = (events: SseEvent[]): string =>
  events
    .filter((event) => event.event === 'delta')
    .map((event) => event.data.text as string)
    .join('');

describe('the chat without an AI endpoint', () => {
  it('streams the tools’ exact answer with the real figures, in the same events, and titles the chat', async () => {
    expect(h.deps.ai).toBeNull();
    const chat = await newChat();
    const question = 'How is my Q4 campaign doing?';
    const expected = await answerWithoutModel(toolContext(h, alice), question, []);
    const result = await send(chat.id, question);
    expect(result.events.map((event) => event.event).filter((kind) => kind !== 'delta')).toEqual([
      'start',
      'tool',
      'done',
    ]);
    const text = deltasOf(result.events);
    expect(text).toBe(expected.text);
    expect(text).toContain('Connection requests accepted: 3 of 6 sent (50%)');
    expect(result.events[1]?.data.tool).toEqual(expected.tools[0]);
    const done = result.events.at(-1)?.data as { message: TChatMessage; title: string | null };
    expect(done.message).toMatchObject({ status: 'complete', content: text, tools: expected.tools });
    expect(done.title).toBe('How is my Q4 campaign doing?');
    const saved = (
      await h.call('GET', `/api/chats/${chat.id}`, { token: alice.accessToken })
    ).json<TChatDetail>();
    expect(saved.chat.title).toBe('How is my Q4 campaign doing?');
    expect(saved.messages.map((message) => message.status)).toEqual(['complete', 'complete']);
  });

  it('answers a list question with its lead count and never another user’s campaign', async () => {
    const chat = await newChat();
    const list = await send(chat.id, 'How many leads are in list Q4 Outbound?');
    expect(deltasOf(list.events)).toContain('**Q4 Outbound** has 7 leads');
    const foreign = await send(chat.id, 'How is my Secret Bob plan campaign doing?');
    const text = deltasOf(foreign.events);
    expect(text).not.toContain('63');
    expect(text).not.toMatch(/On Going/);
  });
});

describe('answers cut off by a stopped process', () => {
  it('are marked failed ("interrupted") at start, their partial text kept; a live one on PostgreSQL is left', async () => {
    const chat = await newChat();
    const old = new Date(Date.now() - 60 * 60_000);
    const [dead] = await h.deps.db
      .insert(chatMessages)
      .values({
        chatId: chat.id,
        userId: alice.user.id,
        role: 'assistant',
        content: 'Half an ans',
        status: 'streaming',
        createdAt: old,
      })
      .returning();
    const [recent] = await h.deps.db
      .insert(chatMessages)
      .values({
        chatId: chat.id,
        userId: alice.user.id,
        role: 'assistant',
        content: 'Going on',
        status: 'streaming',
      })
      .returning();
    expect(await failInterruptedAnswers(h.deps)).toBe(isEmbedded(h.deps.db) ? 2 : 1);
    const rows = await h.deps.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(dead?.id ?? 0)).toMatchObject({
      status: 'failed',
      error: CHAT_MESSAGES.interrupted,
      content: 'Half an ans',
    });
    // The embedded database has this one process: nothing else can be writing that answer.
    expect(byId.get(recent?.id ?? 0)?.status).toBe(isEmbedded(h.deps.db) ? 'failed' : 'streaming');
    await h.deps.db.delete(chats).where(eq(chats.id, chat.id));
  });
});

describe('the tool runner', () => {
  it('answers bad calls with an error the model reads, and runs good ones as the caller only', async () => {
    const told: string[] = [];
    const runner = createToolRunner(
      { ...toolContext(h, alice), userId: alice.user.id },
      (use) => told.push(use.summary),
      { error: () => undefined },
    );
    const call = (name: string, args: string) => runner.run({ id: 'call_1', name, arguments: args });
    expect(JSON.parse(await call('drop_tables', '{}'))).toEqual({
      error: 'There is no tool named drop_tables',
    });
    expect(JSON.parse(await call('get_campaigns', '{"name": "Q4'))).toEqual({
      error: 'The arguments were not valid JSON',
    });
    expect(JSON.parse(await call('get_campaigns', '{"limit": 99}')).error).toMatch(/^Invalid arguments: /);
    // A user id the model adds is not a parameter: the caller's own campaigns are read all the same.
    const own = JSON.parse(
      await call('get_campaigns', `{"name": "Secret Bob plan", "user_id": "${bob.user.id}"}`),
    );
    expect(own.found).toBe(false);
    expect(told).toEqual(['No campaign named “Secret Bob plan”']);
    expect(runner.uses).toEqual([
      {
        name: 'get_campaigns',
        arguments: { name: 'Secret Bob plan' },
        summary: 'No campaign named “Secret Bob plan”',
      },
    ]);
  });

  it('offers every tool as a JSON schema object without the schema dialect', () => {
    for (const definition of toolDefinitions()) {
      expect(definition.parameters.type).toBe('object');
      expect(definition.parameters).not.toHaveProperty('$schema');
    }
  });
});
