/**
 * Chat bench (`npm run bench -- chat`), with the OpenAI-compatible stand-in answering at once:
 * (a) the server's own time to the first streamed byte of POST /api/chats/{id}/messages (the question
 *     saved, the answer's row written, the stream opened) beside a bare route (GET /api/health) over the
 *     same kind of connection in the same run; goal p95 ≤ 20 ms. The first `delta` (after a tool round
 *     through the AI layer) and the whole answer are shown too.
 * (b) 50 streams at once, each in its own chat: every one must end with `done` (no error, no refusal).
 * On the embedded database, and on PostgreSQL too when DATABASE_URL is set (a database made for the run).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { startSession } from '../src/modules/auth/start-session';
import { startBenchServer } from './bench-server';
import { reportFirstByte, show, statsOf, type Timed, timedCall } from './first-byte-timing';
import { onBothDatabases } from './on-both-databases';

const STREAM_ROUNDS = 300;
/** Messages per chat in part (a): the model's history stays bounded, as in real chats. */
const MESSAGES_PER_CHAT = 10;
const CONCURRENT = 50;
const GOAL_FIRST_BYTE_P95_MS = 20;
const QUESTION = 'How is my Q4 push campaign doing?';

const benchOne = async (databaseUrl: string): Promise<void> => {
  const { database, deps, app, port, stop } = await startBenchServer(databaseUrl, 'chat', { engine: false });
  try {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `chat-bench-${randomBytes(4).toString('hex')}@example.com`,
        passwordHash: await hashPassword('Bench-Pass1'),
        isVerified: true,
      })
      .returning();
    if (!user) throw new Error('no user');
    const { accessToken } = await startSession(deps, user, { ip: '127.0.0.1', userAgent: 'bench' });
    const authorization = { authorization: `Bearer ${accessToken}` };
    const place = database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
    const newChat = async (): Promise<string> => {
      const response = await app.inject({ method: 'POST', url: '/api/chats', headers: authorization });
      return response.json<{ id: string }>().id;
    };
    const ask = (chatId: string) =>
      timedCall(port, {
        method: 'POST',
        path: `/api/chats/${chatId}/messages`,
        headers: authorization,
        body: JSON.stringify({ content: QUESTION }),
      });

    // (a) First byte, one call at a time, each over a new connection as a browser's first call.
    console.log(
      `\nChat bench on ${place}: POST /api/chats/{id}/messages (a tool round, then the answer; stand-in answering at once), ${STREAM_ROUNDS} calls\n`,
    );
    let chatId = await newChat();
    for (let i = 0; i < 20; i++) {
      await timedCall(port, { method: 'GET', path: '/api/health' });
      await ask(chatId);
    }
    const bare: number[] = [];
    const firstByte: number[] = [];
    const firstDelta: number[] = [];
    const total: number[] = [];
    for (let i = 0; i < STREAM_ROUNDS; i++) {
      if (i % MESSAGES_PER_CHAT === 0) chatId = await newChat();
      bare.push((await timedCall(port, { method: 'GET', path: '/api/health' })).firstByte);
      const streamed = await ask(chatId);
      if (streamed.status !== 200 || streamed.ended !== 'done' || streamed.firstDelta === null) {
        throw new Error(`a chat stream answered ${streamed.status}, ending with ${streamed.ended}`);
      }
      firstByte.push(streamed.firstByte);
      firstDelta.push(streamed.firstDelta);
      total.push(streamed.total);
    }
    reportFirstByte({
      route: 'POST /api/chats/{id}/messages',
      bare,
      firstByte,
      later: [
        ['  … first delta (after the tool round)', firstDelta],
        ['  … whole answer saved (title call included once a chat)', total],
      ],
      goalP95Ms: GOAL_FIRST_BYTE_P95_MS,
    });

    // (b) 50 streams at once, each in its own new chat (each also writes its chat's title).
    const chats = await Promise.all(Array.from({ length: CONCURRENT }, () => newChat()));
    const started = performance.now();
    const results = await Promise.all(chats.map((id) => ask(id).catch((error: Error) => error)));
    const wallMs = performance.now() - started;
    const failures = results.filter(
      (result) => result instanceof Error || result.status !== 200 || result.ended !== 'done',
    );
    const ok = results.filter((result): result is Timed => !(result instanceof Error));
    console.log(
      `\n${CONCURRENT} streams at once, each in its own chat: ${CONCURRENT - failures.length} ended with done, ${failures.length} errors (must be 0), all in ${wallMs.toFixed(0)} ms`,
    );
    show(
      '  first byte',
      statsOf(ok.map((result) => result.firstByte)),
      `   max ${statsOf(ok.map((r) => r.firstByte)).max.toFixed(2)} ms`,
    );
    show(
      '  whole answer',
      statsOf(ok.map((result) => result.total)),
      `   max ${statsOf(ok.map((r) => r.total)).max.toFixed(2)} ms`,
    );
    if (failures.length > 0) {
      for (const failure of failures.slice(0, 5)) {
        console.log(
          `  failed: ${failure instanceof Error ? failure.message : `${failure.status} ending with ${failure.ended}`}`,
        );
      }
    }
  } finally {
    await stop();
  }
};

export const runChatBench = (): Promise<void> => onBothDatabases('chat bench', benchOne);
