import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/open-database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, a new database on the
 * PostgreSQL server of DATABASE_URL when set (dropped again at the end).
 */
export const openTestDatabase = async (databaseUrl: string | undefined): Promise<Database> => {
  if (!databaseUrl) return openPglite(undefined);
  const name = `sa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
