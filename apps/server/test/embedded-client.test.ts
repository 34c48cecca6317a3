import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedded } from '../src/db/copy-rows';
import { EmbeddedClient } from '../src/db/embedded-client';
import { type Database, openPglite } from '../src/db/open-database';

// The embedded database runs in a thread of its own (db/embedded-thread.ts); these check what crosses
// between the threads behaves as PGlite itself does: transactions, errors, notifications, types, COPY.
describe('the embedded database in its own thread', () => {
  let database: Database;
  let client: EmbeddedClient;

  beforeAll(async () => {
    database = await openPglite(undefined);
    client = (database.db as unknown as { $client: EmbeddedClient }).$client;
    await database.executeSql(
      'CREATE TABLE thread_check (id int PRIMARY KEY, note text, at timestamptz, data bytea, doc jsonb)',
    );
  });
  afterAll(() => database.close());

  it('is what the server sees as the embedded database', () => {
    expect(client).toBeInstanceOf(EmbeddedClient);
    expect(isEmbedded(database.db)).toBe(true);
  });

  it('commits a transaction, and rolls back one whose callback throws, with savepoints inside', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_check (id, note) VALUES (1, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO thread_check (id, note) VALUES (2, 'savepoint undone')`);
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_check (id, note) VALUES (3, 'rolled back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = await database.executeSql('SELECT id, note FROM thread_check ORDER BY id');
    expect(rows).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('keeps other statements waiting while a transaction is open, as PGlite does', async () => {
    const order: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE thread_check SET note = 'in transaction' WHERE id = 1`);
      await held;
      order.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.executeSql('SELECT note FROM thread_check WHERE id = $1', [1]).then((result) => {
      order.push('outside read');
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await inTransaction;
    expect(await outside).toEqual([{ note: 'in transaction' }]);
    expect(order).toEqual(['transaction ends', 'outside read']);
  });

  it("hands over PostgreSQL's error fields, so a unique violation is told from other errors", async () => {
    const failure = await database
      .executeSql('INSERT INTO thread_check (id, note) VALUES ($1, $2)', [1, 'again'])
      .catch((error: unknown) => error as Error & { code?: string; constraint?: string });
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'thread_check_pkey' });
    expect((failure as Error).stack).toContain("in the embedded database's thread");
  });

  it('carries dates, bytes and JSON both ways, and keeps timestamps as text for drizzle', async () => {
    const at = new Date('2026-11-28T10:00:00.000Z');
    await database.executeSql('INSERT INTO thread_check (id, at, data, doc) VALUES ($1, $2, $3, $4)', [
      10,
      at,
      new Uint8Array([0, 1, 255]),
      JSON.stringify({ a: [1, 'b'] }),
    ]);
    const { rows } = await database.executeSql('SELECT at, data, doc FROM thread_check WHERE id = $1', [10]);
    expect(rows[0]).toEqual({ at, data: new Uint8Array([0, 1, 255]), doc: { a: [1, 'b'] } });
    const viaDrizzle = (await database.db.execute(sql`SELECT at FROM thread_check WHERE id = 10`)) as {
      rows: { at: unknown }[];
    };
    expect(typeof viaDrizzle.rows[0]?.at).toBe('string');
  });

  it('refuses parsers that would change values, rather than ignoring them', async () => {
    await expect(
      client.query('SELECT 1 AS one', [], { parsers: { 23: (value: string) => Number(value) * 2 } }),
    ).rejects.toThrow(/only parsers that keep the text/);
  });

  it("tells a listener of a commit's notification before the statement's own answer", async () => {
    const seen: string[] = [];
    const stop = await database.listen('caller_changed', {
      onNotify: (payload) => seen.push(`notified ${payload}`),
      onLive: () => undefined,
    });
    await database.executeSql("SELECT pg_notify('caller_changed', 'thread-check')", [] as unknown[]);
    seen.push('answered');
    await stop();
    expect(seen).toEqual(['notified thread-check', 'answered']);
  });

  it("loads COPY's chunks sent as Blobs", async () => {
    await client.query(`COPY thread_check (id, note) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob(['20,first\n21,"second, with a comma"\n']),
    });
    const { rows } = await database.executeSql(
      'SELECT note FROM thread_check WHERE id >= $1 ORDER BY id',
      [20],
    );
    expect(rows).toEqual([{ note: 'first' }, { note: 'second, with a comma' }]);
  });

  it('fails every call, waiting or later, once its thread is gone', async () => {
    const other = await openPglite(undefined);
    const otherClient = (other.db as unknown as { $client: EmbeddedClient }).$client;
    const worker = (otherClient as unknown as { worker: { terminate: () => Promise<number> } }).worker;
    const waiting = other.executeSql('SELECT pg_sleep(0.3)', [] as unknown[]);
    await worker.terminate();
    await expect(waiting).rejects.toThrow(/thread stopped/);
    await expect(other.executeSql('SELECT 1', [])).rejects.toThrow(/thread stopped/);
  });
});
