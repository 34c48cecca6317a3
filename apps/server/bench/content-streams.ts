/**
 * Content bench, streaming and History (`npm run bench -- content`, or `-- linkedin-history` alone):
 * (a) the server's own time to the first streamed byte of POST /api/linkedin-posts/generate, with the
 *     OpenAI-compatible stand-in answering at once, beside a bare route (GET /api/health) over the same
 *     HTTP connection kind in the same run; goal p95 ≤ 20 ms. The time to the first `delta` event (the
 *     model's first words, through the AI layer) is shown too.
 * (b) GET /api/history pages for one user with 100,000 items (written with generate_series), first
 *     page, a deep page, a kind filter and title searches; goal p95 ≤ 25 ms.
 * On the embedded database, and on PostgreSQL too when DATABASE_URL is set (a database made for the run).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/security/passwords';
import { startSession } from '../src/modules/auth/start-session';
import { startBenchServer } from './bench-server';
import { reportFirstByte, type Stats, show, statsOf, timedCall } from './first-byte-timing';
import { onBothDatabases } from './on-both-databases';

const STREAM_ROUNDS = 300;
const HISTORY_ROUNDS = 500;
const HISTORY_ITEMS = 100_000;
const GOALS = { firstByteP95Ms: 20, historyP95Ms: 25 };

const benchOne = async (databaseUrl: string): Promise<void> => {
  const { database, deps, app, port, stop } = await startBenchServer(databaseUrl, 'content');
  try {
    const passwordHash = await hashPassword('Bench-Pass1');
    const [user, other] = await database.db
      .insert(users)
      .values([
        {
          email: `content-bench-${randomBytes(4).toString('hex')}@example.com`,
          passwordHash,
          isVerified: true,
        },
        {
          email: `content-bench-${randomBytes(4).toString('hex')}@example.com`,
          passwordHash,
          isVerified: true,
        },
      ])
      .returning();
    if (!user || !other) throw new Error('no user');
    const { accessToken } = await startSession(deps, user, { ip: '127.0.0.1', userAgent: 'bench' });
    const authorization = { authorization: `Bearer ${accessToken}` };
    const place = database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';

    // (a) The stream's first byte, against a bare route, each over a new connection as a browser's first call.
    console.log(
      `\nContent bench on ${place}: LinkedIn post stream (stand-in answering at once), ${STREAM_ROUNDS} calls\n`,
    );
    const bare: number[] = [];
    const firstByte: number[] = [];
    const firstDelta: number[] = [];
    const total: number[] = [];
    const body = JSON.stringify({
      source: { type: 'topic', topic: 'Weekly planning for small teams' },
      variants: 1,
    });
    for (let i = 0; i < 20; i++) {
      await timedCall(port, { method: 'GET', path: '/api/health' });
      await timedCall(port, {
        method: 'POST',
        path: '/api/linkedin-posts/generate',
        headers: authorization,
        body,
      });
    }
    for (let i = 0; i < STREAM_ROUNDS; i++) {
      bare.push((await timedCall(port, { method: 'GET', path: '/api/health' })).firstByte);
      const streamed = await timedCall(port, {
        method: 'POST',
        path: '/api/linkedin-posts/generate',
        headers: authorization,
        body,
      });
      if (streamed.status !== 200 || streamed.firstDelta === null)
        throw new Error(`stream answered ${streamed.status}`);
      firstByte.push(streamed.firstByte);
      firstDelta.push(streamed.firstDelta);
      total.push(streamed.total);
    }
    reportFirstByte({
      route: 'POST /api/linkedin-posts/generate',
      bare,
      firstByte,
      later: [
        ['  … first delta event (through the AI layer)', firstDelta],
        ['  … whole stream (the variant, unsaved)', total],
      ],
      goalP95Ms: GOALS.firstByteP95Ms,
    });

    // (b) History at 100,000 items for one user (and 20,000 of someone else's around them).
    const seedItems = async (userId: string, count: number) => {
      await database.db.execute(sql`
        insert into content_items (user_id, kind, status, title, body, writer, model, created_at, updated_at)
        select ${userId}::uuid,
          (array['blog', 'linkedin_post', 'blog_topic', 'linkedin_post'])[1 + i % 4],
          'ready',
          'Item ' || i || ': notes on ' || (array['growth', 'pricing', 'hiring', 'launches', 'sales calls'])[1 + i % 5],
          repeat('A sentence of the generated text. ', 20),
          case when i % 3 = 0 then 'offline' else 'llm' end,
          case when i % 3 = 0 then null else 'gpt-4o-mini' end,
          now() - make_interval(secs => i),
          now() - make_interval(secs => i)
        from generate_series(1, ${count}) as i`);
    };
    const seedStart = performance.now();
    await seedItems(user.id, HISTORY_ITEMS);
    await seedItems(other.id, 20_000);
    await database.db.execute(
      database.kind === 'pglite' ? sql`ANALYZE content_items` : sql`VACUUM ANALYZE content_items`,
    );
    console.log(
      `\nContent bench on ${place}: History with ${HISTORY_ITEMS.toLocaleString('en-US')} items for one user (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s), ${HISTORY_ROUNDS} calls each\n`,
    );
    const inject = (url: string) => app.inject({ method: 'GET', url, headers: authorization });
    const time = async (label: string, url: string): Promise<Stats> => {
      const first = await inject(url);
      if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
      for (let i = 0; i < 30; i++) await inject(url);
      const times: number[] = [];
      for (let i = 0; i < HISTORY_ROUNDS; i++) {
        const start = performance.now();
        await inject(url);
        times.push(performance.now() - start);
      }
      const stats = statsOf(times);
      show(label, stats);
      return stats;
    };
    const health = await time('GET /api/health (baseline, in-process)', '/api/health');
    // A cursor 90,000 items down: a keyset page costs the same there as on top.
    const [deepRow] = (
      (await database.db.execute(sql`
        select created_at::text as created_at, id from content_items where user_id = ${user.id}
        order by created_at desc, id desc offset 90000 limit 1`)) as unknown as {
        rows: { created_at: string; id: string }[];
      }
    ).rows;
    const deepCursor = Buffer.from(JSON.stringify([deepRow?.created_at, Number(deepRow?.id)])).toString(
      'base64url',
    );
    const results = [
      await time('GET /api/history (first page of 20)', '/api/history'),
      await time('GET /api/history, 90,000 items down (cursor)', `/api/history?cursor=${deepCursor}`),
      await time('GET /api/history?kind=blog', '/api/history?kind=blog'),
      await time('GET /api/history?q=pricing (a fifth of titles match)', '/api/history?q=pricing'),
      await time('GET /api/history?q=Item 77777 (one title matches)', '/api/history?q=Item%2077777%3A'),
      await time('GET /api/history?kind=linkedin_post&q=hiring', '/api/history?kind=linkedin_post&q=hiring'),
    ];
    const worst = Math.max(...results.map((result) => result.p95));
    console.log(
      `worst History p95 ${worst.toFixed(2)} ms (goal ≤ ${GOALS.historyP95Ms} ms): ${worst <= GOALS.historyP95Ms ? 'met' : 'NOT met'}; ×${(worst / health.p95).toFixed(1)} the bare route's p95`,
    );
  } finally {
    await stop();
  }
};

export const runContentStreamBench = (): Promise<void> =>
  onBothDatabases('content bench', (databaseUrl) => benchOne(databaseUrl));
