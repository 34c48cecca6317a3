import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/open-database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, a new database on the
 * PostgreSQL server of DATABASE_URL when set (dropped again at the end). Both start as a copy of the
 * database the global setup prepared once (support/global-setup.ts); the migrations then find
 * nothing left to do.
 */
export const openTestDatabase = async (databaseUrl: string | undefined): Promise<Database> => {
  if (!databaseUrl) {
    const snapshot = inject('pgliteSnapshot');
    return openPglite(undefined, snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {});
  }
  const created = await newServerDatabase(databaseUrl, 'sa_test', inject('postgresTemplate'));
  const database = await openPostgres(created.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
};

/** One statement on the PostgreSQL server of `serverUrl`, on a connection of its own. */
const runOnServer = async (serverUrl: string, statement: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/**
 * A new database named `prefix_<random>` on the PostgreSQL server of `serverUrl` (a copy of `template`
 * when given, else empty: a server started on it migrates it itself), with its URL and how to drop it.
 */
export const newServerDatabase = async (
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(
    serverUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};
