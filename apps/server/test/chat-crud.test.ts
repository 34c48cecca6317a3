import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  NEW_CHAT_TITLE,
  type TChat,
  type TChatDetail,
} from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats } from '../src/db/schema';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let alice: SeededUser;
let bob: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  alice = await seedUser(h);
  bob = await seedUser(h);
});
afterAll(() => h.close());

const newChat = async (user: SeededUser): Promise<TChat> => {
  const response = await h.call('POST', '/api/chats', { token: user.accessToken });
  expect(response.statusCode).toBe(200);
  return response.json<TChat>();
};

describe('chats: create, read, rename, delete', () => {
  it('creates an empty chat titled "New Chat" and reads it back with no messages', async () => {
    const chat = await newChat(alice);
    expect(chat.title).toBe(NEW_CHAT_TITLE);
    const detail = await h.call('GET', `/api/chats/${chat.id}`, { token: alice.accessToken });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<TChatDetail>()).toEqual({ chat, messages: [] });
  });

  it('renames a chat (trimmed) and marks the title as the user’s own, without moving it in the list', async () => {
    const chat = await newChat(alice);
    const renamed = await h.call('PATCH', `/api/chats/${chat.id}`, {
      token: alice.accessToken,
      body: { title: '  Pipeline questions  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<TChat>()).toMatchObject({
      id: chat.id,
      title: 'Pipeline questions',
      updated_at: chat.updated_at,
    });
    const [row] = await h.deps.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row?.titleSource).toBe('user');
  });

  it('refuses an empty or too long title with the contract’s words', async () => {
    const chat = await newChat(alice);
    const empty = await h.call('PATCH', `/api/chats/${chat.id}`, {
      token: alice.accessToken,
      body: { title: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'validation_error', message: CHAT_MESSAGES.emptyTitle });
    const long = await h.call('PATCH', `/api/chats/${chat.id}`, {
      token: alice.accessToken,
      body: { title: 'x'.repeat(CHAT_LIMITS.titleChars + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'validation_error', message: CHAT_MESSAGES.titleTooLong });
  });

  it('deletes a chat with its messages; it is then not found', async () => {
    const chat = await newChat(alice);
    await h.deps.db
      .insert(chatMessages)
      .values({ chatId: chat.id, userId: alice.user.id, role: 'user', content: 'Hello' });
    const deleted = await h.call('DELETE', `/api/chats/${chat.id}`, { token: alice.accessToken });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Chat deleted' });
    expect(await h.deps.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
    const again = await h.call('GET', `/api/chats/${chat.id}`, { token: alice.accessToken });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: CHAT_MESSAGES.chatNotFound });
  });
});

describe('the side list', () => {
  it('pages 30 chats at a time, newest message first, with a keyset cursor', async () => {
    const carol = await seedUser(h);
    const base = Date.parse('2026-11-01T10:00:00Z');
    // 31 chats, each a minute newer; two share the newest time (the id breaks the tie).
    const rows = await h.deps.db
      .insert(chats)
      .values(
        Array.from({ length: 31 }, (_, i) => ({
          userId: carol.user.id,
          title: `Chat ${i}`,
          updatedAt: new Date(base + Math.min(i, 29) * 60_000),
        })),
      )
      .returning();
    const expected = [...rows]
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const first = await h.call('GET', '/api/chats', { token: carol.accessToken });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ chats: TChat[]; next_cursor: string | null }>();
    expect(page1.chats).toHaveLength(CHAT_LIMITS.chatsPerPage);
    expect(page1.next_cursor).not.toBeNull();
    const second = await h.call('GET', `/api/chats?cursor=${page1.next_cursor}`, {
      token: carol.accessToken,
    });
    const page2 = second.json<{ chats: TChat[]; next_cursor: string | null }>();
    expect(page2.next_cursor).toBeNull();
    expect([...page1.chats, ...page2.chats].map((chat) => chat.id)).toEqual(expected);
  });

  it('shows only the caller’s chats', async () => {
    const dave = await seedUser(h);
    const own = await newChat(dave);
    await newChat(bob);
    const list = await h.call('GET', '/api/chats', { token: dave.accessToken });
    expect(list.json<{ chats: TChat[] }>().chats.map((chat) => chat.id)).toEqual([own.id]);
  });

  it('refuses a cursor it did not write', async () => {
    const bad = await h.call('GET', '/api/chats?cursor=not-a-cursor', { token: alice.accessToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'validation_error', message: CHAT_MESSAGES.badCursor });
  });
});

describe('another user’s chat', () => {
  it('is not found on every route, and stays as it was', async () => {
    const chat = await newChat(alice);
    const notFound = { error: 'not_found', message: CHAT_MESSAGES.chatNotFound };
    const calls = [
      h.call('GET', `/api/chats/${chat.id}`, { token: bob.accessToken }),
      h.call('PATCH', `/api/chats/${chat.id}`, { token: bob.accessToken, body: { title: 'Mine now' } }),
      h.call('POST', `/api/chats/${chat.id}/messages`, { token: bob.accessToken, body: { content: 'Hi' } }),
      h.call('POST', `/api/chats/${chat.id}/regenerate`, { token: bob.accessToken }),
      h.call('DELETE', `/api/chats/${chat.id}`, { token: bob.accessToken }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const [row] = await h.deps.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row?.title).toBe(NEW_CHAT_TITLE);
    expect(await h.deps.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const response = await h.call('GET', '/api/chats');
    expect(response.statusCode).toBe(401);
  });
});

describe('a message that cannot be sent', () => {
  it('is refused when empty or over 8,000 characters, and nothing is saved', async () => {
    const chat = await newChat(alice);
    const empty = await h.call('POST', `/api/chats/${chat.id}/messages`, {
      token: alice.accessToken,
      body: { content: '  \n ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'validation_error', message: CHAT_MESSAGES.emptyMessage });
    const long = await h.call('POST', `/api/chats/${chat.id}/messages`, {
      token: alice.accessToken,
      body: { content: 'a'.repeat(CHAT_LIMITS.messageChars + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'validation_error', message: CHAT_MESSAGES.messageTooLong });
    expect(await h.deps.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });

  it('cannot regenerate a chat without an answer', async () => {
    const chat = await newChat(alice);
    const response = await h.call('POST', `/api/chats/${chat.id}/regenerate`, { token: alice.accessToken });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: CHAT_MESSAGES.nothingToRegenerate });
  });
});

describe('the OpenAPI document', () => {
  it('lists every chat call, the streamed ones described as server-sent events', async () => {
    const response = await h.call('GET', '/api/docs/json');
    const paths = response.json().paths as Record<
      string,
      Record<string, { summary?: string; description?: string }>
    >;
    expect(Object.keys(paths['/api/chats'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/chats/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(paths['/api/chats/{id}/messages']?.post?.summary).toContain('server-sent events');
    expect(paths['/api/chats/{id}/regenerate']?.post?.description).toContain('`done`');
  });
});
