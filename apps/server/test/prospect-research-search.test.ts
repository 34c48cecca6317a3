import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows';
import { matchingLeads } from '../src/modules/prospect-research/search-research-leads';
import { seedList } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const LEADS = 100_000;
let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  owner = await seedUser(h);
  stranger = await seedUser(h);
  const list = await seedList(h, owner.user.id, { count: 0 });
  // 100,000 leads of a hundred companies, one of them named Zoltan; the stranger has a Zoltan too.
  await h.deps.db.execute(sql`
    INSERT INTO leads (user_id, list_id, name, headline, location, company, connection_degree, source, linkedin_url)
    SELECT ${owner.user.id}::uuid, ${list.id}, CASE WHEN n = 4242 THEN 'Zoltan Kovacs' ELSE 'Person ' || n END,
           'Head of sales at company ' || (n % 100), 'Paris', 'Company ' || (n % 100), '2nd', 'CSV',
           'https://www.linkedin.com/in/p-' || n
      FROM generate_series(1, ${LEADS}) AS n`);
  const strangers = await seedList(h, stranger.user.id, { count: 0 });
  await h.deps.db.execute(sql`
    INSERT INTO leads (user_id, list_id, name, headline, location, company, connection_degree, source, linkedin_url)
    VALUES (${stranger.user.id}::uuid, ${strangers.id}, 'Zoltan Other', '', '', '', '2nd', 'CSV',
            'https://www.linkedin.com/in/zoltan-other')`);
  await h.deps.db.execute(sql`ANALYZE leads`);
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('Prospect Research lead search', () => {
  it('finds a name among 100,000 leads by the trigram index, not a walk over the leads', async () => {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await h.deps.db.execute(sql`EXPLAIN ${matchingLeads(h.deps.db, owner.user.id, 'zoltan').getSQL()}`),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan, plan).toContain('leads_search_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on leads/);
    const res = await h.call('GET', '/api/prospect-research/leads?q=zoltan', { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ leads: { name: string }[] }>().leads.map((lead) => lead.name)).toEqual([
      'Zoltan Kovacs',
    ]);
  });

  it('matches the company and the headline too, newest first, and only the caller’s leads', async () => {
    const res = await h.call('GET', '/api/prospect-research/leads?q=company%2042', {
      token: owner.accessToken,
    });
    const found = res.json<{ leads: { name: string; company: string }[] }>().leads;
    expect(found).toHaveLength(20);
    expect(found.every((lead) => lead.company === 'Company 42')).toBe(true);
    expect(found[0]?.name).toBe('Person 99942');
    const theirs = await h.call('GET', '/api/prospect-research/leads?q=zoltan', {
      token: stranger.accessToken,
    });
    expect(theirs.json<{ leads: { name: string }[] }>().leads.map((lead) => lead.name)).toEqual([
      'Zoltan Other',
    ]);
  });
});
