import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open-database';
import { rowsOf } from '../src/db/sql-rows';
import { isUniqueViolation } from '../src/db/unique-violation';
import { openTestDatabase } from './support/test-database';

// The shared database helpers of db/, on the driver the suite runs on (PGlite, or PostgreSQL through
// node-postgres when DATABASE_URL is set): both must read the driver's own answers and errors.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(process.env.DATABASE_URL);
  await database.db.execute(sql`create table helper_probe (name text unique, n integer check (n > 0))`);
});
afterAll(() => database.close());

const insert = (name: string, n: number) =>
  database.db.execute(sql`insert into helper_probe (name, n) values (${name}, ${n})`);

/** The error a statement fails with (drizzle may wrap the driver's), or a test failure when it succeeds. */
const failureOf = async (statement: Promise<unknown>): Promise<unknown> =>
  statement.then(
    () => expect.fail('the statement succeeded'),
    (error: unknown) => error,
  );

describe('rowsOf', () => {
  it('reads the rows of a raw statement, typed by the caller', async () => {
    await insert('first', 1);
    const rows = rowsOf<{ name: string; n: number }>(
      await database.db.execute(sql`select name, n from helper_probe order by name`),
    );
    expect(rows).toEqual([{ name: 'first', n: 1 }]);
  });
});

describe('isUniqueViolation', () => {
  it('recognises a duplicate of a unique column, as the driver reports it through drizzle', async () => {
    await insert('taken', 1);
    expect(isUniqueViolation(await failureOf(insert('taken', 2)))).toBe(true);
  });

  it('is false for any other failure and for what is not an error', async () => {
    expect(isUniqueViolation(await failureOf(insert('other', -1)))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
