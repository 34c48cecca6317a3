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
  const name = `sa_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
};
