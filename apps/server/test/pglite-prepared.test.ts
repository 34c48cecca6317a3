import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareHotReads } from '../src/db/pglite-prepared';

// The embedded database's repeated reads run as server-side prepared statements (src/db/pglite-prepared.ts).
// A real PGlite: what is prepared is read back from pg_prepared_statements, and every answer must be the
// one PGlite's own query gives.
let client: PGlite;
let plain: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  plain = await PGlite.create();
  prepareHotReads(client);
  for (const db of [client, plain]) {
    await db.exec(`
      CREATE TABLE items (id bigserial PRIMARY KEY, owner uuid NOT NULL, name text, at timestamptz,
                          meta jsonb, tags text[], n integer);
      INSERT INTO items (owner, name, at, meta, tags, n)
      SELECT ('00000000-0000-0000-0000-00000000000' || (i % 3))::uuid, 'Item ' || i, '2026-03-02T10:00:00Z'::timestamptz + i * interval '1 hour',
             jsonb_build_object('i', i), ARRAY['a' || i, 'b'], CASE WHEN i % 2 = 0 THEN NULL ELSE i END
      FROM generate_series(1, 9) i`);
  }
});
afterAll(async () => {
  await client.close();
  await plain.close();
});

const preparedNames = async () =>
  (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map(
    (row) => row.name,
  );

const PAGE = 'SELECT id, name, at, meta, tags, n FROM items WHERE owner = $1 AND id > $2 ORDER BY id';
const OWNER = '00000000-0000-0000-0000-000000000001';

describe('prepared hot reads on PGlite', () => {
  it('prepares a read once it repeats, and answers exactly as an unprepared query', async () => {
    const before = await preparedNames();
    for (let i = 0; i < 2; i++) await client.query(PAGE, [OWNER, 0]);
    expect(await preparedNames()).toEqual(before);
    for (const rowMode of ['object', 'array'] as const) {
      for (const after of [0, 4]) {
        const got = await client.query(PAGE, [OWNER, after], { rowMode });
        const want = await plain.query(PAGE, [OWNER, after], { rowMode });
        expect(got.rows).toEqual(want.rows);
        expect(got.fields).toEqual(want.fields);
      }
    }
    expect((await preparedNames()).length).toBe(before.length + 1);
  });

  it('keeps the caller’s parsers (drizzle reads timestamps as text)', async () => {
    const options = { parsers: { 1184: (value: string) => value } };
    for (let i = 0; i < 4; i++) {
      const got = await client.query<{ at: unknown }>(PAGE, [OWNER, 0], options);
      expect(typeof got.rows[0]?.at).toBe('string');
    }
  });

  it('a failing call leaves the connection working, and the read is prepared again', async () => {
    for (let i = 0; i < 3; i++) await client.query(PAGE, [OWNER, 0]);
    await expect(client.query(PAGE, ['not-a-uuid', 0])).rejects.toThrow(/uuid/);
    expect((await client.query(PAGE, [OWNER, 0])).rows.length).toBe(3);
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('leaves writes and statements without parameters to PGlite’s own query', async () => {
    const before = await preparedNames();
    for (let i = 0; i < 5; i++) {
      await client.query('UPDATE items SET n = $1 WHERE id = $2', [i, 1]);
      await client.query('SELECT count(*) FROM items');
      await client.query('SELECT id FROM items WHERE id = $1 FOR UPDATE', [1]);
    }
    expect(await preparedNames()).toEqual(before);
    expect((await client.query<{ n: number }>('SELECT n FROM items WHERE id = 1')).rows[0]?.n).toBe(4);
  });

  it('waits for a transaction like any query, and sees its changes once committed', async () => {
    for (let i = 0; i < 3; i++) await client.query(PAGE, [OWNER, 0]);
    let inside = false;
    const transaction = client.transaction(async (tx) => {
      inside = true;
      await tx.query(`INSERT INTO items (owner, name) VALUES ($1, 'Late')`, [OWNER]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = false;
    });
    const read = client.query<{ name: string }>(PAGE, [OWNER, 0]).then((result) => {
      expect(inside).toBe(false);
      return result;
    });
    await transaction;
    expect((await read).rows.map((row) => row.name)).toContain('Late');
  });
});
