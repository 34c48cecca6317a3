import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open-database';
import { openTestDatabase } from './support/test-database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(process.env.DATABASE_URL);
  // Without rows the planner would pick a scan of the table: what matters is whether an index gives the order.
  await database.executeSql('set enable_seqscan = off');
});
afterAll(() => database.close());

const USER = "'00000000-0000-0000-0000-000000000000'";

/** The newest-first pages (Blogs, LinkedIn posts, History, Inputs) read their page off an index, never a sort. */
describe('newest-first pages', () => {
  it.each([
    [
      'a kind of content (Blogs, LinkedIn posts)',
      `from content_items where user_id = ${USER} and kind = 'blog'`,
    ],
    ['all content (History)', `from content_items where user_id = ${USER}`],
    ['inputs', `from inputs where user_id = ${USER} and kind = 'text'`],
  ])('%s', async (_what, from) => {
    const answer = await database.executeSql(
      `explain select * ${from} order by created_at desc, id desc limit 9`,
      [],
    );
    const plan = (answer.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toMatch(/Index Scan/);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('the recovery of stalled blog posts', () => {
  it('finds the items being written on their own index, not by reading every item', async () => {
    const answer = await database.executeSql(
      "explain select id from content_items where kind = 'blog' and status = 'generating' and updated_at < now() limit 100",
      [],
    );
    const plan = (answer.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toMatch(/content_items_generating_idx/);
  });
});
