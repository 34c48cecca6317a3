import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs a bench on embedded PGlite (`databaseUrl` ''), then, when DATABASE_URL is set, on a database of
 * its own on that PostgreSQL server, dropped again afterwards.
 */
export const onBothDatabases = async (
  what: string,
  run: (databaseUrl: string) => Promise<void>,
): Promise<void> => {
  await run('');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(`\nDATABASE_URL not set: the PostgreSQL half of the ${what} is skipped`);
    return;
  }
  const name = `sa_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};
