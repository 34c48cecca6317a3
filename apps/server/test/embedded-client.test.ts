import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
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

/** The thread a database runs in (EmbeddedClient's private `worker`). */
const threadOf = (database: Database): Worker =>
  (database.db as unknown as { $client: { worker: Worker } }).$client.worker;

// A closed database's thread is kept and the next open in the process runs in it (db/embedded-client.ts):
// these check the next database meets nothing of the last one, and that a thread in doubt is never reused.
describe('the embedded database thread kept for the next open', () => {
  let template: Blob;
  const open = (options: Parameters<typeof openPglite>[1] = {}): Promise<Database> =>
    openPglite(undefined, { loadDataDir: template, ...options });

  beforeAll(async () => {
    // The suite's migrated snapshot on PGlite; on a PostgreSQL run there is none, so one is made here.
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) template = new Blob([await readFile(snapshot)]);
    else {
      const made = await openPglite(undefined);
      template = (await made.dump?.()) ?? new Blob();
      await made.close();
    }
  });

  it('opens the next database in the same thread, which sees none of the last one', async () => {
    const vacuumErrors: unknown[] = [];
    const heardByFirst: string[] = [];
    const first = await open({ vacuumEveryMs: 10, onVacuumError: (error) => vacuumErrors.push(error) });
    const thread = threadOf(first);
    await first.executeSql('CREATE TABLE first_only (id int PRIMARY KEY)');
    await first.executeSql('INSERT INTO first_only VALUES ($1)', [1]);
    // Past three runs a read is prepared under a name of the thread's: the next database has no such statement.
    for (let i = 0; i < 4; i++) await first.executeSql('SELECT id FROM first_only WHERE id = $1', [1]);
    await first.listen('caller_changed', {
      onNotify: (payload) => heardByFirst.push(payload),
      onLive: () => {},
    });
    await first.close();

    const heardBySecond: string[] = [];
    const second = await open({ onVacuumError: (error) => vacuumErrors.push(error) });
    try {
      expect(threadOf(second)).toBe(thread);
      const { rows } = await second.executeSql('SELECT to_regclass($1) AS found', ['first_only']);
      expect(rows).toEqual([{ found: null }]);
      await second.executeSql('CREATE TABLE first_only (id int PRIMARY KEY, note text)');
      await second.executeSql('INSERT INTO first_only VALUES ($1, $2)', [1, 'second']);
      for (let i = 0; i < 4; i++)
        expect((await second.executeSql('SELECT id FROM first_only WHERE id = $1', [1])).rows).toEqual([
          { id: 1 },
        ]);
      await second.listen('caller_changed', {
        onNotify: (payload) => heardBySecond.push(payload),
        onLive: () => {},
      });
      await second.executeSql("SELECT pg_notify('caller_changed', 'from the second')", []);
      // The first's 10 ms vacuum rounds, had their timer survived, would fail on its closed PGlite by now.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardBySecond).toEqual(['from the second']);
      expect(heardByFirst).toEqual([]);
      expect(vacuumErrors).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('ends a thread whose database failed to open instead of keeping it', async () => {
    const first = await open();
    const thread = threadOf(first);
    await first.close();
    // A data directory under a plain file cannot be made: the open fails in the thread kept just now.
    const dir = await mkdtemp(path.join(tmpdir(), 'sales-assist-bad-data-'));
    await writeFile(path.join(dir, 'file'), 'not a directory');
    try {
      await expect(
        EmbeddedClient.open({
          dataDir: path.join(dir, 'file', 'pgdata'),
          loadDataDir: undefined,
          settings: {},
          migrationsFolder: path.join(import.meta.dirname, '../src/db/migrations'),
          vacuumEveryMs: 60_000,
        }),
      ).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await vi.waitFor(() => expect(thread.threadId).toBe(-1));
    const next = await open();
    try {
      expect(threadOf(next)).not.toBe(thread);
      expect((await next.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    } finally {
      await next.close();
    }
  });

  it('never reuses a thread that crashed, whether its database was open or closed', async () => {
    const crashedOpen = await open();
    const crashedWhileOpen = threadOf(crashedOpen);
    await crashedWhileOpen.terminate();
    await crashedOpen.close();

    const kept = await open();
    const crashedWhileKept = threadOf(kept);
    expect(crashedWhileKept).not.toBe(crashedWhileOpen);
    await kept.close();
    await crashedWhileKept.terminate();

    const next = await open();
    try {
      expect([crashedWhileOpen, crashedWhileKept]).not.toContain(threadOf(next));
      expect((await next.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    } finally {
      await next.close();
    }
  });
});
