import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With DATABASE_URL set (CI's PostgreSQL run) the journeys get a database of their own, so a run never
 * meets the accounts of an earlier one; without it the server uses embedded PGlite in its DATA_DIR.
 */
export const freshDatabaseUrl = async (
  serverUrl: string | undefined,
): Promise<{ url: string | undefined; drop: () => Promise<void> }> => {
  if (!serverUrl) return { url: undefined, drop: async () => undefined };
  const name = `sa_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};
