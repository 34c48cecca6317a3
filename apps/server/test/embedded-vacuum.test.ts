import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/open-database';
import { users } from '../src/db/schema';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LEADS_PER_IMPORT = 5000;
const CYCLES = 5;

/** Imports a list of leads and deletes it again, CYCLES times; answers the leads table's size after each (its indexes aside). */
const importAndDeleteCycles = async (database: Database, pauseMs: number): Promise<number[]> => {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: 'vacuum@example.com', passwordHash: 'x', isVerified: true })
    .returning();
  if (!user) throw new Error('no user');
  const sizes: number[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    await db.execute(sql`
      WITH list AS (
        INSERT INTO lists (user_id, name, lead_count) VALUES (${user.id}, ${`List ${cycle}`}, ${LEADS_PER_IMPORT})
        RETURNING id
      )
      INSERT INTO leads (user_id, list_id, name, headline, source, linkedin_url)
      SELECT ${user.id}, list.id, 'Person ' || n, 'Head of Growth at Company ' || n || ' | SaaS, B2B', 'CSV',
             'https://www.linkedin.com/in/person-' || ${cycle} || '-' || n
      FROM list, generate_series(1, ${LEADS_PER_IMPORT}) n`);
    // The table itself (heap, TOAST, free space map): the GIN trigram index of the name search keeps a
    // pending list and pages of its own, which neither grow nor shrink with the rows the same way.
    const size = await db.execute(sql`SELECT pg_table_size('leads')::bigint AS size`);
    sizes.push(Number((size as unknown as { rows: { size: string | number }[] }).rows[0]?.size));
    await db.execute(sql`DELETE FROM lists WHERE user_id = ${user.id}`);
    // Time for the vacuum timer to come round: the next import then queues behind any round in progress.
    await sleep(pauseMs);
  }
  return sizes;
};

describe('the embedded database reclaims the space of deleted rows', () => {
  it('delete and re-import cycles stop growing the leads table once vacuum runs', async () => {
    const database = await openPglite(undefined, { vacuumEveryMs: 100 });
    try {
      const sizes = await importAndDeleteCycles(database, 600);
      // The first re-import may still add a little (pages of the first import were in use); from then on, no growth.
      const settled = sizes[1] ?? 0;
      expect(sizes.at(-1)).toBeLessThanOrEqual(settled * 1.1);
    } finally {
      await database.close();
    }
  });

  it('without vacuum the same cycles grow the table with every import (what the timer prevents)', async () => {
    const database = await openPglite(undefined, { vacuumEveryMs: 3_600_000 });
    try {
      const sizes = await importAndDeleteCycles(database, 0);
      expect(sizes.at(-1)).toBeGreaterThan((sizes[0] ?? 0) * (CYCLES - 2));
    } finally {
      await database.close();
    }
  });
});
