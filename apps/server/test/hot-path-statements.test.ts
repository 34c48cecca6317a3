import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ANCHOR_STEP } from '../src/modules/leads/all-leads';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

// The calls every page load and every list screen make are counted in statements sent to the database
// (its driver's query and exec, on PGlite and on PostgreSQL alike), not timed: each count is what the
// call costs whatever the machine. An API-only process, so no queue or engine works in the background.
let h: Harness;
let counted = 0;
beforeAll(async () => {
  h = await startHarness({ role: 'api', engine: false });
  const client = (
    h.deps.db as unknown as { $client: Record<'query' | 'exec', (...args: unknown[]) => unknown> }
  ).$client;
  for (const name of ['query', 'exec'] as const) {
    const original = client[name]?.bind(client);
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      counted += 1;
      return original(...args);
    };
  }
});
afterAll(async () => {
  await h.close();
});

/** The statements `run` sent, and its result. */
const statementsOf = async <T>(run: () => Promise<T>): Promise<{ statements: number; result: T }> => {
  counted = 0;
  const result = await run();
  return { statements: counted, result };
};

/** A signed-in user whose caller the app keeps already (their first call looked it up). */
const signedIn = async () => {
  const seeded = await seedUser(h);
  await h.call('GET', '/api/me', { token: seeded.accessToken });
  return seeded;
};

const get = async (token: string, url: string) => {
  const res = await h.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/me', () => {
  it('runs no statement once its caller and figures are kept, and sees a credit change at once', async () => {
    const { user, accessToken } = await seedUser(h);
    const first = await statementsOf(() => get(accessToken, '/api/me'));
    // The caller lookup and the figures, once.
    expect(first.statements).toBeLessThanOrEqual(2);
    const again = await statementsOf(() => get(accessToken, '/api/me'));
    expect(again.statements).toBe(0);
    expect(again.result.credits).toBe(first.result.credits);

    // Any code that writes the ledger (here plain SQL) drops the kept figures at commit.
    await h.deps.db.execute(
      sql`INSERT INTO credit_ledger (user_id, amount, reason) VALUES (${user.id}::uuid, 7, 'test_grant')`,
    );
    const after = await statementsOf(() => get(accessToken, '/api/me'));
    expect(after.result.credits).toBe(first.result.credits + 7);
    expect(after.statements).toBe(1);
    // Kept again. On PostgreSQL the change is told twice (on the pooled connection before the commit
    // answers, then on the listening one), and the second telling may drop the figures once more.
    const later: number[] = [];
    for (let i = 0; i < 5 && !later.includes(0); i++) {
      later.push((await statementsOf(() => get(accessToken, '/api/me'))).statements);
    }
    expect(later).toContain(0);
    expect(Math.max(...later)).toBeLessThanOrEqual(1);
  });

  it('sees a platform connected or disconnected on the next call', async () => {
    const { user, accessToken } = await seedUser(h);
    expect((await get(accessToken, '/api/me')).socialMediaConnection.linkedin).toBe(false);
    await h.deps.db.execute(sql`
      INSERT INTO social_connections (user_id, platform, external_id, name, sealed_token)
      VALUES (${user.id}::uuid, 'linkedin', 'member-1', 'Member', 'sealed')`);
    expect((await get(accessToken, '/api/me')).socialMediaConnection.linkedin).toBe(true);
    await h.deps.db.execute(sql`DELETE FROM social_connections WHERE user_id = ${user.id}::uuid`);
    expect((await get(accessToken, '/api/me')).socialMediaConnection.linkedin).toBe(false);
  });

  it('does not keep a connection past the end of its token', async () => {
    const { user, accessToken } = await seedUser(h);
    // Ends in three seconds: kept figures must not outlive it.
    await h.deps.db.execute(sql`
      INSERT INTO social_connections (user_id, platform, external_id, name, sealed_token, token_expires_at)
      VALUES (${user.id}::uuid, 'facebook', 'page-1', 'Page', 'sealed', now() + interval '3 seconds')`);
    expect((await get(accessToken, '/api/me')).socialMediaConnection.facebook).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await get(accessToken, '/api/me')).socialMediaConnection.facebook).toBe(false);
  });
});

describe('list screens: one statement a page, not from the page cache', () => {
  it('all_leads answers a first page and a deep page with one statement each, the same rows as plain paging', async () => {
    const { user, accessToken } = await signedIn();
    const leadCount = PAGE_ANCHOR_STEP * 2 + 50;
    await h.deps.db.execute(sql`
      WITH list AS (
        INSERT INTO lists (user_id, name, lead_count) VALUES (${user.id}::uuid, 'Many', ${leadCount}) RETURNING id
      )
      INSERT INTO leads (user_id, list_id, name, source, linkedin_url)
      SELECT ${user.id}::uuid, list.id, 'Person ' || n, 'CSV', 'https://www.linkedin.com/in/p-' || n
      FROM list, generate_series(1, ${leadCount}) n`);
    const plain = async (offset: number, limit: number) =>
      (
        (await h.deps.db.execute(sql`
          SELECT id FROM leads WHERE user_id = ${user.id}::uuid ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`)) as unknown as {
          rows: { id: number | string }[];
        }
      ).rows.map((row) => Number(row.id));
    // Another (page, size) each call: none is answered from the page cache.
    const page = (pageNo: number) =>
      statementsOf(() => get(accessToken, `/api/linkedinAI/all_leads?page=${pageNo}&row=10`));
    const expectPage = async (answer: Awaited<ReturnType<typeof page>>, pageNo: number) => {
      expect(answer.result.total).toBe(leadCount);
      expect(answer.result.leads.map((lead: { id: number }) => lead.id)).toEqual(
        await plain(pageNo * 10, 10),
      );
    };

    // The first visit reads the total; the first deep page reads the page anchors too (computing them).
    await expectPage(await page(3), 3);
    await expectPage(await page(PAGE_ANCHOR_STEP / 10 + 1), PAGE_ANCHOR_STEP / 10 + 1);
    // From then on, while the user's leads stay as they are, every page is one statement: its rows.
    for (const pageNo of [4, PAGE_ANCHOR_STEP / 10 + 7, (PAGE_ANCHOR_STEP * 2) / 10 + 3]) {
      const answer = await page(pageNo);
      expect(answer.statements).toBe(1);
      await expectPage(answer, pageNo);
    }
    expect(h.deps.listPages.has(user.id, 'all_leads:4:10')).toBe(true);

    // A change to the user's leads drops the kept total and anchors: the next pages read them again.
    await h.deps.db.execute(
      sql`DELETE FROM leads WHERE id = (SELECT max(id) FROM leads WHERE user_id = ${user.id}::uuid)`,
    );
    await h.deps.db.execute(
      sql`UPDATE lists SET lead_count = lead_count - 1 WHERE user_id = ${user.id}::uuid`,
    );
    // The database tells the app at commit; the kept page goes with the kept total and anchors.
    await expect.poll(() => h.deps.listPages.has(user.id, 'all_leads:4:10')).toBe(false);
    const after = await page((PAGE_ANCHOR_STEP * 2) / 10 + 4);
    expect(after.statements).toBeGreaterThan(1);
    expect(after.result.total).toBe(leadCount - 1);
    expect(after.result.leads.map((lead: { id: number }) => lead.id)).toEqual(
      await plain(((PAGE_ANCHOR_STEP * 2) / 10 + 4) * 10, 10),
    );
  });

  it('all_lists and fetch_campaigns answer a page with one statement', async () => {
    const { user, accessToken } = await signedIn();
    await h.deps.db.execute(sql`
      INSERT INTO lists (user_id, name) SELECT ${user.id}::uuid, 'List ' || i FROM generate_series(1, 12) i`);
    await h.deps.db.execute(sql`
      INSERT INTO campaigns (user_id, name, goal, tone, engagement_value, engagement_window_days, template_id,
                             connection_requests_per_day, withdraw_after_days, send_time, timezone_label,
                             time_zone, exclude_first_degree, exclude_no_picture, actions)
      SELECT ${user.id}::uuid, 'Campaign ' || i, 'Book a Meeting', 'Friendly, Approachable', 7, 7, 1, 10, 7,
             'Weekdays during working hours', '(UTC) Coordinated Universal Time', 'UTC', false, false, '[]'::jsonb
      FROM generate_series(1, 12) i`);
    h.deps.listPages.forgetUser(user.id);
    const lists = await statementsOf(() => get(accessToken, '/api/linkedinAI/all_lists?page=1&limit=5'));
    expect(lists.statements).toBe(1);
    expect(lists.result.total).toBe(12);
    expect(lists.result.lists).toHaveLength(5);
    const campaigns = await statementsOf(() =>
      get(accessToken, '/api/linkedinAI/fetch_campaigns?page=2&limit=5'),
    );
    expect(campaigns.statements).toBe(1);
    expect(campaigns.result.total).toBe(12);
    expect(
      campaigns.result.campaigns.map((row: { 'Campaign List': string }) => row['Campaign List']),
    ).toEqual(['Campaign 7', 'Campaign 6', 'Campaign 5', 'Campaign 4', 'Campaign 3']);
  });
});
