import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedClient } from './embedded-client';
import { NOTIFY_CHANNELS, type NotifyChannel } from './notify-channels';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: use cases accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Plain SQL on the same connection(s), for libraries that bring their own SQL (the job queue). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * What a LISTEN subscriber is told: each payload, and whether it is listening. While it is not (a lost
 * connection, until LISTEN is issued again) notifications may be missed, so a cache must drop what it has.
 */
export type Listener = { onNotify: (payload: string) => void; onLive: (live: boolean) => void };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** LISTEN on a channel; resolves once listening, with a function that stops. */
  listen: (channel: NotifyChannel, listener: Listener) => Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, which `loadDataDir` starts another one from. */
  dump?: () => Promise<Blob>;
  close: () => Promise<void>;
};

const RELISTEN_AFTER_MS = 1_000;

/**
 * A dedicated connection per subscriber (a pooled one would be handed to queries and lose its LISTEN),
 * opened again a second after it is lost, for as long as the subscriber has not stopped.
 */
const listenPostgres = async (
  connectionString: string,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> => {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => listener.onNotify(message.payload ?? ''));
    let lost = false;
    const onLost = (): void => {
      if (lost) return;
      lost = true;
      listener.onLive(false);
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), RELISTEN_AFTER_MS);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      throw error;
    }
    client = next;
    listener.onLive(true);
  };
  await connect().catch((error: unknown) => {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw error;
  });
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    listener.onLive(false);
    await client?.end().catch(() => undefined);
  };
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Any fixed number: serialises migrations when several processes start at once. */
const MIGRATION_LOCK_ID = 727_001;

export const openPostgres = async (connectionString: string): Promise<Database> => {
  // Every pooled connection LISTENs on the triggers' channels as well: PostgreSQL hands a session its own
  // notifications before it answers the COMMIT, so a change this process makes has reached its listeners
  // before the code that made it goes on (the dedicated connection's copy comes a bit later). The LISTENs run
  // in onConnect, which the pool awaits before handing the connection out, so no query ever waits behind them.
  const poolListeners = new Map<string, Set<Listener>>();
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    onConnect: async (client) => {
      client.on('notification', (message) => {
        for (const listener of poolListeners.get(message.channel) ?? [])
          listener.onNotify(message.payload ?? '');
      });
      for (const channel of NOTIFY_CHANNELS) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
  });
  // An idle connection the server closed (restart, failover, a dropped database) leaves the pool; without
  // a listener that 'error' event would crash the process. Queries in flight still fail as usual.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values),
    listen: async (channel, listener) => {
      const stop = await listenPostgres(connectionString, channel, listener);
      const listeners = poolListeners.get(channel) ?? new Set<Listener>();
      listeners.add(listener);
      poolListeners.set(channel, listeners);
      return async () => {
        listeners.delete(listener);
        await stop();
      };
    },
    close: () => pool.end(),
  };
};

/**
 * How often the embedded database is vacuumed. PGlite runs PostgreSQL in single-user mode, where no
 * autovacuum runs: without this, the rows of deleted lists never give their space back and every delete
 * and re-import grows the data directory. A plain VACUUM skips the pages it already knows are clean, so a
 * round with nothing to do costs milliseconds; it does not hand space back to the file system like
 * VACUUM FULL, but makes it reusable, which stops the growth without rewriting (and locking) whole tables.
 */
const VACUUM_EVERY_MS = 5 * 60_000;

type PgliteOptions = {
  vacuumEveryMs?: number;
  /** Told when a vacuum round fails (the next round tries again). */
  onVacuumError?: (error: unknown) => void;
  /** Told once when the embedded database stops for a full disk (db/pglite-full-wal-guard.ts). */
  onDiskFull?: (error: unknown) => void;
  /** An in-memory database's starting content (a `dumpDataDir` tarball): tests start from a migrated copy. */
  loadDataDir?: Blob;
};

/** PGlite's memory settings (PostgreSQL's defaults: 128MB and 64MB). */
export const PGLITE_SHARED_BUFFERS = '32MB';
export const PGLITE_MAINTENANCE_WORK_MEM = '16MB';

/** `dataDir` undefined: an in-memory database (tests). */
export const openPglite = async (
  dataDir: string | undefined,
  pgliteOptions: PgliteOptions = {},
): Promise<Database> => {
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    // PGlite runs in a thread of its own (db/embedded-thread.ts), which also migrates and vacuums it.
    const client = await EmbeddedClient.open(
      {
        dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
        loadDataDir: dataDir ? undefined : pgliteOptions.loadDataDir,
        // PGlite's own memory (docs/decisions/speed-and-memory.md, "Chat's first byte and memory bounded"):
        // its WebAssembly memory only grows, and PostgreSQL's 128 MB of shared buffers, filled as pages are
        // read, grew it past its initial 128 MiB for good. 32 MB of buffers keeps it there: the data files
        // are read through the system's file cache anyway. VACUUM's working memory from 64 MB to 16 MB (ample
        // for the dead rows of one round).
        settings: {
          shared_buffers: PGLITE_SHARED_BUFFERS,
          maintenance_work_mem: PGLITE_MAINTENANCE_WORK_MEM,
        },
        migrationsFolder,
        vacuumEveryMs: pgliteOptions.vacuumEveryMs ?? VACUUM_EVERY_MS,
      },
      {
        ...(pgliteOptions.onDiskFull ? { onDiskFull: pgliteOptions.onDiskFull } : {}),
        ...(pgliteOptions.onVacuumError ? { onVacuumError: pgliteOptions.onVacuumError } : {}),
      },
    );
    return {
      // drizzle's PGlite driver calls only what EmbeddedClient has: query and transaction.
      db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db,
      kind: 'pglite',
      // Statements without parameters may be several at once (schema scripts): PGlite runs those with exec.
      executeSql: async (text, values) =>
        values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
      // One connection: a notification is handed over with the result of the statement that committed
      // it, before that statement's promise settles.
      listen: async (channel, listener) => {
        const unlisten = await client.listen(channel, listener.onNotify);
        listener.onLive(true);
        return async () => {
          listener.onLive(false);
          await unlisten();
        };
      },
      dump: () => client.dumpDataDir(),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
};

export const openDatabase = (
  options: { databaseUrl: string | undefined; dataDir: string },
  pgliteOptions: PgliteOptions = {},
): Promise<Database> =>
  options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, pgliteOptions);
